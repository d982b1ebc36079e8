import { Alert, Autocomplete, Button, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { AuthPage } from "#app/features/accounts/auth-page";
import { CompanyFields, companyInitialValues, companyPayload } from "#app/features/accounts/company-fields";
import { cargoOptions, empresaTipoOptions, estadoOptions, paisOptions } from "#app/features/accounts/reference.server";
import { useBusy } from "#app/features/accounts/use-busy";
import { useProfileSave } from "#app/features/accounts/use-profile-save";
import { api } from "#app/lib/api-client";
import { loadAuthUser, requireUser } from "#app/lib/page.server";
import { zodResolver } from "#app/lib/zod-resolver";
import { type EmpresaSearchResult, empleoEmpresaSchema } from "#common/accounts";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import type { Route } from "./+types/empleo-empresa";

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

export const handle = { title: "La empresa que contrata" };

export function meta() {
  return [{ title: "La empresa que contrata" }, { name: "robots", content: "noindex" }];
}

/** The company step of empleo (product-spec §7): join an existing company or register a new one. */
export default function EmpleoEmpresa({ loaderData }: Route.ComponentProps) {
  const { busyMessage, run } = useBusy();
  const save = useProfileSave("empleo", run);
  const [mode, setMode] = useState<"buscar" | "nueva">("buscar");
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query, 250);
  const [results, setResults] = useState<EmpresaSearchResult[]>([]);
  const [chosen, setChosen] = useState<EmpresaSearchResult | null>(null);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [requested, setRequested] = useState<string | null>(null);
  const form = useForm({ mode: "controlled", initialValues: { cargo: null as string | null, ...companyInitialValues(loaderData) } });

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

  const join = async () => {
    if (!chosen) {
      setJoinError("Elige una empresa de la lista");
      return;
    }
    const cargo = form.getValues().cargo;
    await save(
      "/api/user/empleo/empresa",
      { empresa: chosen.id, cargo: cargo ? Number(cargo) : null },
      (errors) => setJoinError(errors.empresa ?? Object.values(errors)[0] ?? null),
      { onPending: setRequested },
    );
  };

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    const v = form.getValues();
    const data = { cargo: v.cargo ? Number(v.cargo) : null, ...companyPayload(v, false) };
    const errors = zodResolver(empleoEmpresaSchema)(data);
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    await save("/api/user/empleo/empresa", data, form.setErrors);
  };

  return (
    <AuthPage
      title="La empresa que contrata"
      lead="Pide unirte a tu empresa si ya está registrada (sus administradores lo aprueban) o registra una nueva con su primera delegación."
      busyMessage={busyMessage}
      size="sm"
    >
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
        <Select label="Tu cargo" data={loaderData.cargos} searchable key={form.key("cargo")} {...form.getInputProps("cargo")} />
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
            <Button onClick={join}>Pedir unirme a esta empresa</Button>
          </Stack>
        ) : (
          <form onSubmit={create} noValidate>
            <Stack gap="md">
              <CompanyFields form={form} reference={loaderData} withWeb={false} />
              <Button type="submit">Registrar empresa</Button>
            </Stack>
          </form>
        )}
      </Stack>
    </AuthPage>
  );
}
