import { Button, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { AuthPage } from "#app/features/accounts/auth-page";
import { showFailureDialog } from "#app/features/accounts/dialogs";
import { NewPasswordFields } from "#app/features/accounts/new-password-fields";
import { showNotice } from "#app/features/accounts/notice";
import { useBusy } from "#app/features/accounts/use-busy";
import { apiFieldErrors, zodResolver } from "#app/features/accounts/zod-resolver";
import { ApiError, api } from "#app/lib/api-client";
import { pageRedirect } from "#app/lib/page.server";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { ACCOUNT_MESSAGES, type MessageResponse, newPasswordSchema } from "#common/accounts";
import { linkTo, pathTo } from "#common/route-names";
import type { Route } from "./+types/renew-password";

/** The password-reset link's page (decision 0008); signed-in users go to login (product-spec §6). */
export function loader({ context, request }: Route.LoaderArgs) {
  if (context.user) throw pageRedirect(pathTo("login"), 302, request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // Without a token there is nothing to verify: the request form sends one.
  if (!token) throw pageRedirect(pathTo("change-password"), 302, request);
  return { token };
}

export const handle = { title: "Nueva contraseña" };

export function meta() {
  return [{ title: "Nueva contraseña" }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

export default function RenewPassword({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { busyMessage, run } = useBusy();
  // The reset grant lives only in this component's memory: never stored (product-spec §3).
  const [accessToken, setAccessToken] = useState<string | null>(null);
  const started = useRef(false);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { password: "", password_confirmation: "" },
    validate: zodResolver(newPasswordSchema),
  });

  const fail = (error: unknown) =>
    showFailureDialog(error instanceof ApiError ? error.serverMessage : undefined, () => navigate(linkTo("login")));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!loaderData.token) {
      fail(undefined);
      return;
    }
    run(BUSY_MESSAGES.verifying, () =>
      api.get<{ access_token: string }>(`/api/renew-password/verify/${encodeURIComponent(loaderData.token)}`),
    )
      .then((result) => setAccessToken(result.access_token))
      .catch(fail);
  });

  const submit = form.onSubmit(async (values) => {
    if (!accessToken) return;
    try {
      const result = await run(BUSY_MESSAGES.sending, () => api.put<MessageResponse>("/api/user", values, { bearer: accessToken }));
      showNotice(result?.message || ACCOUNT_MESSAGES.passwordChanged);
      navigate(linkTo("login"), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.isValidation) form.setErrors(apiFieldErrors(error.fieldErrors));
      else fail(error);
    }
  });

  return (
    <AuthPage title="Elige una contraseña nueva" lead="Después podrás iniciar sesión con ella." busyMessage={busyMessage}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordFields form={form} label="Contraseña nueva" disabled={!accessToken} />
          <Button type="submit" fullWidth disabled={!accessToken}>
            Guardar contraseña
          </Button>
          {!accessToken && (
            <Text size="sm" c="gray.7">
              Comprobando el enlace…
            </Text>
          )}
        </Stack>
      </form>
    </AuthPage>
  );
}
