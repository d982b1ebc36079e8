import { Stack, Text } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import { AuthPage } from "#app/features/accounts/auth-page";
import { GoogleSignIn } from "#app/features/accounts/google-sign-in";
import { lazyDialogs } from "#app/features/accounts/lazy-dialogs";
import { goTo } from "#app/features/accounts/navigation";
import { useBusy } from "#app/features/accounts/use-busy";
import { ApiError, api, fetchCsrfCookie } from "#app/lib/api-client";
import { idleImport } from "#app/lib/idle-import";
import { destinationsOf, pageRedirect } from "#app/lib/page.server";
import { brandOf, withBrand } from "#app/lib/page-title";
import { sessionStore } from "#app/lib/session-store";
import { apiFieldErrors, zodResolver } from "#app/lib/zod-resolver";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import type { RootData } from "#app/ui/layout/root-data";
import { PlainAlert } from "#app/ui/plain-alert";
import { PlainButton } from "#app/ui/plain-button";
import { PlainAnchor, PlainDivider, PlainGroup } from "#app/ui/plain-layout";
import { PlainTextInput } from "#app/ui/plain-mantine";
import { PlainPasswordInput } from "#app/ui/plain-password-input";
import type { AuthUser, LoginResponse, MessageResponse } from "#common/accounts";
import { destinationForLoggedInOpeningLogin } from "#common/accounts/destinations";
import { ACCOUNT_MESSAGES } from "#common/accounts/messages";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/login";

export function loader({ context, request }: Route.LoaderArgs) {
  // A signed-in user opening login goes on to where they belong (product-spec §2).
  if (context.user) throw pageRedirect(destinationForLoggedInOpeningLogin(context.user, destinationsOf(context.app.config)), 302, request);
  const url = new URL(request.url);
  return {
    redirectUrl: url.searchParams.get("redirect_url"),
    redirectAcademia: url.searchParams.get("redirect_academia"),
  };
}

export const handle = { title: "Iniciar sesión" };

// The shared schema (and zod with it, 24 KB gzip) is not part of the page's first load: it is fetched
// when the browser is idle after hydration, and a submit that comes first waits for it (decision 0050).
const loginSchema = idleImport(() => import("#common/accounts").then((module) => module.loginSchema));
let loadedSchema: Awaited<ReturnType<typeof loginSchema.load>> | undefined;
type Field = "email" | "password";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: withBrand("Iniciar sesión", brandOf(matches)) }, { name: "robots", content: "noindex" }];
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { redirectUrl, redirectAcademia } = loaderData;
  const root = useRouteLoaderData<RootData>("root");
  const navigate = useNavigate();
  const { busyMessage, run } = useBusy();
  // The fields are uncontrolled: what the visitor typed stays in them, and is read on submit.
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  // A message under each field: set on submit, cleared as the field changes.
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const clearError = (field: Field) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  useEffect(() => {
    loginSchema.preload();
    // The dialogs (Mantine's modals and buttons) are needed only after a failure: fetched the same way.
    lazyDialogs.preload();
  }, []);

  const resend = async (userId: number) => {
    // The notice's module is fetched while the request runs.
    const notice = import("#app/features/accounts/notice");
    notice.catch(() => {});
    try {
      const result = await run(BUSY_MESSAGES.request, () => api.post<MessageResponse>(`/api/email/verify/resend/${userId}`, {}));
      (await notice).showNotice(result.message || ACCOUNT_MESSAGES.confirmationSent);
    } catch (error) {
      (await lazyDialogs.load()).showFailureDialog(error instanceof ApiError ? error.serverMessage : undefined);
    }
  };

  const send = async (values: Record<Field, string>) => {
    try {
      const result = await run(BUSY_MESSAGES.login, async () => {
        await fetchCsrfCookie();
        return api.post<LoginResponse>(
          "/api/login",
          { ...values, redirect_url: redirectUrl || undefined, redirect_academia: redirectAcademia || undefined },
          { keepSessionOn401: true },
        );
      });
      if ("redirect_academia" in result) {
        window.location.assign(result.redirect_academia);
        return;
      }
      sessionStore.setAuthenticated(result.user as AuthUser);
      goTo(navigate, result.redirect, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.isValidation) {
        setErrors(apiFieldErrors(error.fieldErrors));
        return;
      }
      const loaded = lazyDialogs.load();
      if (error instanceof ApiError && error.status === 403 && error.code === "EMAIL_NOT_VERIFIED") {
        const userId = Number(error.body.user_id);
        (await loaded).showDialog({
          title: "Confirma tu correo electrónico",
          message: error.serverMessage ?? ACCOUNT_MESSAGES.emailNotVerified,
          secondary: Number.isFinite(userId) ? { label: "Reenviar correo", onClick: () => void resend(userId) } : undefined,
        });
        return;
      }
      if (error instanceof ApiError && error.status === 429) {
        (await loaded).showDialog({
          title: "Demasiados intentos",
          message: error.serverMessage ?? "Espera un momento e inténtalo de nuevo.",
        });
        return;
      }
      // A failed login clears the session (product-spec §4, §8).
      sessionStore.clearSession();
      const { LOGIN_FAILED_TITLE, showDialog, showFailureDialog } = await loaded;
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
        showDialog({
          title: LOGIN_FAILED_TITLE,
          message: ACCOUNT_MESSAGES.loginFailed,
          okLabel: "Probar con otra cuenta",
          secondary: { label: "Crear cuenta", onClick: () => navigate(linkTo("crear-cuenta")) },
        });
        return;
      }
      showFailureDialog(error instanceof ApiError ? error.serverMessage : undefined);
    }
  };

  const waiting = useRef(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!loadedSchema) {
      // A second press while the schema is on its way sends nothing more.
      if (waiting.current) return;
      waiting.current = true;
      try {
        loadedSchema = await loginSchema.load();
      } catch {
        // Without the schema (its file did not load), the API checks the same schema and answers
        // with the same messages per field.
      } finally {
        waiting.current = false;
      }
    }
    const values = { email: email.current?.value ?? "", password: password.current?.value ?? "" };
    const found = loadedSchema ? zodResolver(loadedSchema)(values) : {};
    setErrors(found);
    if (Object.keys(found).length === 0) await send(values);
  };

  return (
    <AuthPage title="Iniciar sesión" lead={`Accede a tu cuenta de ${root?.brandName ?? "Farmanexo"}.`} busyMessage={busyMessage}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {redirectUrl && <PlainAlert color="blue">Inicia sesión para continuar.</PlainAlert>}
          <PlainTextInput
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            required
            defaultValue=""
            error={errors.email}
            onChange={() => clearError("email")}
            ref={email}
          />
          <PlainPasswordInput
            label="Contraseña"
            autoComplete="current-password"
            required
            error={errors.password}
            onChange={() => clearError("password")}
            ref={password}
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
      </form>
    </AuthPage>
  );
}
