import { Alert, Autocomplete, Button, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { AuthPage } from "#app/features/accounts/auth-page";
import { CompanyFields, companyInitialValues } from "#app/features/accounts/company-fields";
import { cargoOptions, empresaTipoOptions, estadoOptions, paisOptions } from "#app/features/accounts/reference.server";
import { api } from "#app/lib/api-client";
import { useFormFailure } from "#app/lib/form";
import { loadAuthUser, requireUser } from "#app/lib/page.server";
import { brandOf, withBrand } from "#app/lib/page-title";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { showFailureDialog } from "#app/ui/dialogs";
import type { EmpresaSearchResult } from "#common/accounts";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import type { Route } from "./+types/jobs-company";
import { empleoEmpresaAction } from "./jobs-company.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const authUser = await loadAuthUser(context.app, user.id);
  const paisId = authUser?.pais?.id ?? DEFAULT_COUNTRY_ID;
  return {
    cargos: cargoOptions(),
    empresaTipos: empresaTipoOptions(),
    paises: paisOptions(),
    estados: estadoOptions(paisId),
    paisId: String(paisId),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  return empleoEmpresaAction(context, request);
}

export const handle = { title: "La empresa que contrata" };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: withBrand("La empresa que contrata", brandOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** The company step of empleo (product-spec §7): join an existing company or register a new one. */
export default function EmpleoEmpresa({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyMessage = navigation.state !== "idle" && navigation.formMethod === "POST" ? BUSY_MESSAGES.sending : null;
  const fields = useFormFailure(actionData);
  const { failure } = fields;
  const [mode, setMode] = useState<"buscar" | "nueva">(failure?.intent === "create" ? "nueva" : "buscar");
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query, 250);
  const [results, setResults] = useState<EmpresaSearchResult[]>([]);
  const [chosen, setChosen] = useState<EmpresaSearchResult | null>(null);
  // The action's refusal of a join shows under the search until the name changes; its 202 says who decides.
  const [joinError, setJoinError] = useState<string | null>(null);
  const [requested, setRequested] = useState<string | null>(null);
  useEffect(() => {
    if (failure?.intent === "join") setJoinError(failure.errors.empresa?.[0] ?? failure.message);
    else if (failure && Object.keys(failure.errors).length === 0) showFailureDialog(failure.message);
    if (actionData && "pending" in actionData) setRequested(actionData.pending);
  }, [actionData, failure]);

  useEffect(() => {
    if (debounced.trim().length < 2) {
      setResults([]);
      return;
    }
    let cancelled = false;
    api
      .get<{ data: { data: EmpresaSearchResult[] } }>(`/api/empresas/search?query=${encodeURIComponent(debounced.trim())}`)
      .then((response) => !cancelled && setResults(response.data.data))
      .catch(() => !cancelled && setResults([]));
    return () => {
      cancelled = true;
    };
  }, [debounced]);

  return (
    <AuthPage
      title="La empresa que contrata"
      lead="Pide unirte a tu empresa si ya está registrada (sus administradores lo aprueban) o registra una nueva con su primera delegación."
      busyMessage={busyMessage}
      size="sm"
    >
      <Form method="post" noValidate ref={fields.formRef}>
        <Stack gap="md">
          <SegmentedControl
            value={mode}
            onChange={(value) => setMode(value as "buscar" | "nueva")}
            data={[
              { value: "buscar", label: "Buscar mi empresa" },
              { value: "nueva", label: "Registrar una empresa nueva" },
            ]}
            fullWidth
          />
          <Select
            label="Tu cargo"
            name="cargo"
            data={loaderData.cargos}
            searchable
            defaultValue={fields.value("cargo") || null}
            error={fields.error("cargo")}
          />
          {mode === "buscar" ? (
            <Stack gap="md">
              <Autocomplete
                label="Nombre de la empresa"
                description="Escribe al menos dos letras."
                value={query}
                onChange={(value) => {
                  setQuery(value);
                  setJoinError(null);
                  setRequested(null);
                  setChosen(results.find((r) => r.empresa_nombre === value) ?? null);
                }}
                data={[...new Set(results.map((r) => r.empresa_nombre))]}
                error={joinError}
                filter={({ options }) => options}
              />
              {requested && (
                <Alert color="blue" variant="light" title="Solicitud enviada" role="status">
                  {requested}
                </Alert>
              )}
              {chosen && (
                <Alert color="teal" variant="light" title={chosen.empresa_nombre}>
                  {chosen.delegacion ? `Delegación: ${chosen.delegacion.nombre}` : "Sin delegaciones registradas todavía."}
                </Alert>
              )}
              {debounced.trim().length >= 2 && results.length === 0 && (
                <Text size="sm" c="gray.7">
                  No encontramos esa empresa. Puedes registrarla como nueva.
                </Text>
              )}
              <input type="hidden" name="empresa_id" value={chosen?.id ?? ""} />
              <Button type="submit" name="intent" value="join">
                Pedir unirme a esta empresa
              </Button>
            </Stack>
          ) : (
            <Stack gap="md">
              <CompanyFields fields={fields} initial={companyInitialValues(loaderData)} reference={loaderData} withWeb={false} />
              <Button type="submit" name="intent" value="create">
                Registrar empresa
              </Button>
            </Stack>
          )}
        </Stack>
      </Form>
    </AuthPage>
  );
}
