import { Stack, Text } from "@mantine/core";
import { useNavigation, useRouteLoaderData } from "react-router";
import { ACCOUNT_TYPE_BY_NAME } from "#app/features/accounts/account-types";
import { AuthPage } from "#app/features/accounts/auth-page";
import { ProfileStepForm } from "#app/features/accounts/profile-forms";
import { cargoOptions, empresaTipoOptions, estadoOptions, paisOptions } from "#app/features/accounts/reference.server";
import { RegisterForm } from "#app/features/accounts/register-form";
import { geoLocate, loadAuthUser, loadProfileValues, pagePathOf, pageRedirect } from "#app/lib/page.server";
import { brandOf, withBrand } from "#app/lib/page-title";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import type { RootData } from "#app/ui/layout/root-data";
import { crearCuentaStep, type RegisterTypeName, registerTypeSchema } from "#common/accounts";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import type { Route } from "./+types/step";
import { stepAction } from "./step.server";

const TYPE_OF_PATH = /\/auth\/crear-cuenta\/(web|academia|visita|mkt|empleo|candidato)\/?$/;

/**
 * /app/auth/crear-cuenta/<type>: the registration form for visitors, the profile step of that type
 * for signed-in (hence verified) users. The query value register_type chooses the type too (§2).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pathType = (pagePathOf(request).match(TYPE_OF_PATH)?.[1] ?? "web") as RegisterTypeName;
  const queryType = registerTypeSchema.safeParse(url.searchParams.get("register_type"));
  const redirectUrl = url.searchParams.get("redirect_url");
  if (!context.user) {
    // Without the academy (ACADEMIA_URL unset) the type is not offered (decision 0122): its
    // registration page and link lead to the professional account, which is what it would get.
    const { academiaUrl, academiaSecret } = context.app.config;
    if (!(academiaUrl && academiaSecret) && (queryType.success ? queryType.data : pathType) === "academia") {
      url.searchParams.delete("register_type");
      throw pageRedirect(crearCuentaStep("web") + url.search, 302, request);
    }
    let defaultPaisId = DEFAULT_COUNTRY_ID;
    try {
      defaultPaisId = geoLocate(context.app.geoip, context.clientIp).id;
    } catch {
      // Unknown address: España (product-spec §4).
    }
    return {
      mode: "register" as const,
      type: queryType.success ? queryType.data : pathType,
      redirectUrl,
      paises: paisOptions(),
      defaultPaisId,
    };
  }
  const own = context.user.registerType as RegisterTypeName;
  // Each account completes its own profile step.
  if (own !== pathType) throw pageRedirect(crearCuentaStep(own) + url.search, 302, request);
  const authUser = await loadAuthUser(context.app, context.user.id);
  if (!authUser) throw pageRedirect(crearCuentaStep(own), 302, request);
  const paisId = authUser.pais?.id ?? DEFAULT_COUNTRY_ID;
  return {
    mode: "profile" as const,
    type: own,
    redirectUrl,
    reference: {
      cargos: cargoOptions(),
      empresaTipos: empresaTipoOptions(),
      paises: paisOptions(),
      estados: estadoOptions(paisId),
      paisId: String(paisId),
      nombre: authUser.nombre ?? "",
      apellidos: authUser.apellidos ?? "",
      values: await loadProfileValues(context.app.db, context.user.id),
    },
  };
}

/** The registration form's POST, or the profile step's (decision 0060). */
export async function action({ context, request }: Route.ActionArgs) {
  return stepAction(context, request);
}

/** A refusal for too many attempts tells when to try again (Retry-After), as the API does. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
}

function titleOf(data: Awaited<ReturnType<typeof loader>> | undefined) {
  if (!data) return "Crear cuenta";
  const label = ACCOUNT_TYPE_BY_NAME[data.type].title.toLowerCase();
  return data.mode === "register" ? `Crear cuenta de ${label}` : `Completa tu perfil de ${label}`;
}

export const handle = { title: (data: unknown) => titleOf(data as Awaited<ReturnType<typeof loader>>) };

export function meta({ data, matches }: Route.MetaArgs) {
  return [{ title: withBrand(titleOf(data), brandOf(matches)) }, { name: "robots", content: "noindex" }];
}

export default function CrearCuentaStep({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>("root");
  const navigation = useNavigation();
  const busyMessage = navigation.state !== "idle" && navigation.formMethod === "POST" ? BUSY_MESSAGES.sending : null;
  const entry = ACCOUNT_TYPE_BY_NAME[loaderData.type];
  if (loaderData.mode === "register") {
    return (
      <AuthPage title={titleOf(loaderData)} lead={entry.text} busyMessage={busyMessage} size="sm">
        <RegisterForm
          type={loaderData.type}
          paises={loaderData.paises}
          defaultPaisId={loaderData.defaultPaisId}
          redirectUrl={loaderData.redirectUrl}
          googleClientId={root?.googleClientId ?? null}
          actionData={actionData}
        />
      </AuthPage>
    );
  }
  return (
    <AuthPage
      title={titleOf(loaderData)}
      lead="Tu correo está confirmado. Cuéntanos un poco más sobre ti para terminar."
      busyMessage={busyMessage}
      size="sm"
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Los campos marcados con * son obligatorios.
        </Text>
        <ProfileStepForm type={loaderData.type} reference={loaderData.reference} actionData={actionData} />
      </Stack>
    </AuthPage>
  );
}
