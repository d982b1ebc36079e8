import { Stack, Text } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { Form, useFetcher, useNavigate, useNavigation, useRouteLoaderData } from "react-router";
import { AuthPage } from "#app/features/accounts/auth-page";
import { GoogleSignIn } from "#app/features/accounts/google-sign-in";
import { lazyDialogs } from "#app/features/accounts/lazy-dialogs";
import { type FormFailure, formFailure, useFormFailure } from "#app/lib/form";
import { brandOf, withBrand } from "#app/lib/page-title";
import { sessionStore } from "#app/lib/session-store";
import { useHydrated } from "#app/lib/use-hydrated";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import type { RootData } from "#app/ui/layout/root-data";
import { PlainAlert } from "#app/ui/plain-alert";
import { PlainButton } from "#app/ui/plain-button";
import { PlainAnchor, PlainDivider, PlainGroup } from "#app/ui/plain-layout";
import { PlainTextInput } from "#app/ui/plain-mantine";
import { PlainPasswordInput } from "#app/ui/plain-password-input";
import { ACCOUNT_MESSAGES } from "#common/accounts/messages";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/login";
import { loadLogin, loginAction } from "./login.server";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadLogin(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return loginAction(context, request);
}

/** A refusal for too many attempts tells when to try again (Retry-After), as the API does. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
}

export const handle = { title: "Iniciar sesión" };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: withBrand("Iniciar sesión", brandOf(matches)) }, { name: "robots", content: "noindex" }];
}

type Field = "email" | "password";

/**
 * The sign-in form, a plain POST to this page's action (decision 0095): it works before hydration,
 * and the server checks the fields, so no schema is shipped to the browser. Once hydrated, a refusal
 * is the specification's dialog (product-spec §8); before, the same message shows in the form.
 */
export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectUrl, redirectAcademia, notice } = loaderData;
  const root = useRouteLoaderData<RootData>("root");
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { failure, formRef, error, value } = useFormFailure(actionData);
  const resender = useFetcher<typeof action>();
  // A field's message goes once the visitor changes that field; a new refusal brings them back.
  const [edited, setEdited] = useState<Partial<Record<Field, boolean>>>({});
  const hydrated = useHydrated();
  useEffect(() => {
    setEdited({});
    // The dialogs (Mantine's modals and buttons) are needed only after a refusal: fetched when idle.
    if (!failure) lazyDialogs.preload();
  }, [failure]);

  // «Reenviar correo» from the dialog: the page's action (intent "resend") through a fetcher, so the
  // sign-in form keeps its answer; before hydration the same form is posted from the page.
  const { submit: submitResend, state: resendState, data: resendAnswer } = resender;
  const resend = useCallback(
    (userId: number) => {
      // The notice's module is fetched while the request runs.
      import("#app/features/accounts/notice").catch(() => {});
      void submitResend({ intent: "resend", user_id: String(userId) }, { method: "post" });
    },
    [submitResend],
  );
  const resendFailure = formFailure(resendAnswer, "resend");
  useEffect(() => {
    if (resendState !== "idle" || !resendAnswer) return;
    if (resendFailure) void lazyDialogs.load().then((dialogs) => dialogs.showFailureDialog(resendFailure.message));
    else void import("#app/features/accounts/notice").then(({ showNotice }) => showNotice(ACCOUNT_MESSAGES.confirmationSent));
  }, [resendState, resendAnswer, resendFailure]);

  useEffect(() => {
    if (failure && Object.keys(failure.errors).length === 0) void showRefusal(failure, { navigate, resend });
  }, [failure, navigate, resend]);

  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const fieldError = (field: Field) => (edited[field] ? undefined : error(field));
  // Before hydration no dialog can open: the refusal is said in the form.
  const inlineRefusal = !hydrated && failure && Object.keys(failure.errors).length === 0 ? failure.message : null;
  const unconfirmedId = failure?.code === "EMAIL_NOT_VERIFIED" ? Number(failure.details?.user_id) : Number.NaN;
  const resent = actionData && "intent" in actionData && actionData.intent === "resend" && actionData.ok ? actionData.message : null;

  return (
    <AuthPage
      title="Iniciar sesión"
      lead={`Accede a tu cuenta de ${root?.brandName ?? "Farmanexo"}.`}
      busyMessage={submitting ? BUSY_MESSAGES.login : resendState !== "idle" ? BUSY_MESSAGES.request : null}
    >
      <Form method="post" noValidate ref={formRef} replace>
        <Stack gap="md">
          {resent && (
            <PlainAlert color="teal" role="status">
              {resent}
            </PlainAlert>
          )}
          {notice && !failure && (
            <PlainAlert color="teal" role="status">
              {notice}
            </PlainAlert>
          )}
          {redirectUrl && <PlainAlert color="blue">Inicia sesión para continuar.</PlainAlert>}
          {inlineRefusal && <PlainAlert color="red">{inlineRefusal}</PlainAlert>}
          {redirectUrl && <input type="hidden" name="redirect_url" value={redirectUrl} />}
          {redirectAcademia && <input type="hidden" name="redirect_academia" value={redirectAcademia} />}
          <PlainTextInput
            label="Correo electrónico"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={value("email")}
            error={fieldError("email")}
            onChange={() => setEdited((current) => ({ ...current, email: true }))}
          />
          <PlainPasswordInput
            label="Contraseña"
            name="password"
            autoComplete="current-password"
            required
            error={fieldError("password")}
            onChange={() => setEdited((current) => ({ ...current, password: true }))}
          />
          <PlainGroup justify="flex-end">
            <PlainAnchor to={linkTo("change-password")} size="sm">
              ¿Has olvidado tu contraseña?
            </PlainAnchor>
          </PlainGroup>
          <PlainButton type="submit" fullWidth>
            Iniciar sesión
          </PlainButton>
          {root?.googleClientId && (
            <>
              <PlainDivider label="o" />
              <GoogleSignIn clientId={root.googleClientId} registerType="web" redirectUrl={redirectUrl} />
            </>
          )}
          <Text size="sm" ta="center">
            ¿Aún no tienes cuenta? <PlainAnchor to={linkTo("crear-cuenta")}>Crear cuenta</PlainAnchor>
          </Text>
        </Stack>
      </Form>
      {inlineRefusal && Number.isFinite(unconfirmedId) && (
        // Before hydration the dialog cannot open: «Reenviar correo» is a form of its own.
        <Form method="post" replace style={{ marginTop: "var(--mantine-spacing-md)" }}>
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="user_id" value={unconfirmedId} />
          <PlainButton type="submit" fullWidth>
            Reenviar correo
          </PlainButton>
        </Form>
      )}
    </AuthPage>
  );
}

/** The specification's dialog for a refused sign-in (product-spec §8), by what the server answered. */
async function showRefusal(failure: FormFailure, actions: { navigate: ReturnType<typeof useNavigate>; resend: (userId: number) => void }) {
  const dialogs = await lazyDialogs.load();
  if (failure.code === "EMAIL_NOT_VERIFIED") {
    const userId = Number(failure.details?.user_id);
    dialogs.showDialog({
      title: "Confirma tu correo electrónico",
      message: failure.message || ACCOUNT_MESSAGES.emailNotVerified,
      secondary: Number.isFinite(userId) ? { label: "Reenviar correo", onClick: () => actions.resend(userId) } : undefined,
    });
    return;
  }
  if (failure.code === "THROTTLED") {
    dialogs.showDialog({ title: "Demasiados intentos", message: failure.message || "Espera un momento e inténtalo de nuevo." });
    return;
  }
  // A refused login clears the session (product-spec §4, §8); the server ended it too.
  sessionStore.clearSession();
  if (failure.code === "INVALID_CREDENTIALS" || failure.code === "UNAUTHENTICATED") {
    dialogs.showDialog({
      title: dialogs.LOGIN_FAILED_TITLE,
      message: ACCOUNT_MESSAGES.loginFailed,
      okLabel: "Probar con otra cuenta",
      secondary: { label: "Crear cuenta", onClick: () => actions.navigate(linkTo("crear-cuenta")) },
    });
    return;
  }
  dialogs.showFailureDialog(failure.message);
}
