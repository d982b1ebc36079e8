import { Anchor, Divider, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useEffect, useRef } from "react";
import { Link, useNavigate, useRouteLoaderData } from "react-router";
import { AuthPage } from "#app/features/accounts/auth-page";
import { LOGIN_FAILED_TITLE, showDialog, showFailureDialog } from "#app/features/accounts/dialogs";
import { GoogleSignIn } from "#app/features/accounts/google-sign-in";
import { idleImport } from "#app/features/accounts/idle-import";
import { goTo } from "#app/features/accounts/navigation";
import { useBusy } from "#app/features/accounts/use-busy";
import { apiFieldErrors, zodResolver } from "#app/features/accounts/zod-resolver";
import { ApiError, api, fetchCsrfCookie } from "#app/lib/api-client";
import { destinationsOf, pageRedirect } from "#app/lib/page.server";
import { sessionStore } from "#app/lib/session-store";
import type { RootData } from "#app/root";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { PlainAlert } from "#app/ui/plain-alert";
import { PlainButton } from "#app/ui/plain-button";
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

export function meta() {
  return [{ title: "Iniciar sesión" }, { name: "robots", content: "noindex" }];
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { redirectUrl, redirectAcademia } = loaderData;
  const root = useRouteLoaderData<RootData>("root");
  const navigate = useNavigate();
  const { busyMessage, run } = useBusy();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: "", password: "" },
    // Called by `onSubmit` below once the schema is there.
    validate: (values) => (loadedSchema ? zodResolver(loadedSchema)(values) : {}),
  });
  useEffect(() => loginSchema.preload(), []);

  const resend = async (userId: number) => {
    try {
      const result = await run(BUSY_MESSAGES.request, () => api.post<MessageResponse>(`/api/email/verify/resend/${userId}`, {}));
      notifications.show({
        closeButtonProps: { "aria-label": "Cerrar notificación" },
        color: "teal",
        message: result.message || ACCOUNT_MESSAGES.confirmationSent,
      });
    } catch (error) {
      showFailureDialog(error instanceof ApiError ? error.serverMessage : undefined);
    }
  };

  const submitValid = form.onSubmit(async (values) => {
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
        form.setErrors(apiFieldErrors(error.fieldErrors));
        return;
      }
      if (error instanceof ApiError && error.status === 403 && error.code === "EMAIL_NOT_VERIFIED") {
        const userId = Number(error.body.user_id);
        showDialog({
          title: "Confirma tu correo electrónico",
          message: error.serverMessage ?? ACCOUNT_MESSAGES.emailNotVerified,
          secondary: Number.isFinite(userId) ? { label: "Reenviar correo", onClick: () => void resend(userId) } : undefined,
        });
        return;
      }
      if (error instanceof ApiError && error.status === 429) {
        showDialog({ title: "Demasiados intentos", message: error.serverMessage ?? "Espera un momento e inténtalo de nuevo." });
        return;
      }
      // A failed login clears the session (product-spec §4, §8).
      sessionStore.clearSession();
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
  });

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
    submitValid(event);
  };

  return (
    <AuthPage title="Iniciar sesión" lead={`Accede a tu cuenta de ${root?.brandName ?? "Farmanexo"}.`} busyMessage={busyMessage}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {redirectUrl && <PlainAlert color="blue">Inicia sesión para continuar.</PlainAlert>}
          <TextInput
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            required
            key={form.key("email")}
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label="Contraseña"
            autoComplete="current-password"
            required
            key={form.key("password")}
            {...form.getInputProps("password")}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={linkTo("change-password")} size="sm">
              ¿Has olvidado tu contraseña?
            </Anchor>
          </Group>
          <PlainButton type="submit" fullWidth>
            Iniciar sesión
          </PlainButton>
          {root?.googleClientId && (
            <>
              <Divider label="o" labelPosition="center" />
              <GoogleSignIn clientId={root.googleClientId} registerType="web" redirectUrl={redirectUrl} />
            </>
          )}
          <Text size="sm" ta="center">
            ¿Aún no tienes cuenta?{" "}
            <Anchor component={Link} to={linkTo("crear-cuenta")}>
              Crear cuenta
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthPage>
  );
}
