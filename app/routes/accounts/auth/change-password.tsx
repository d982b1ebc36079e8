import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Link, useNavigate, useRouteLoaderData } from "react-router";
import { AuthPage } from "#app/features/accounts/auth-page";
import { useBusy } from "#app/features/accounts/use-busy";
import { ApiError, api } from "#app/lib/api-client";
import { pageRedirect } from "#app/lib/page.server";
import { apiFieldErrors, zodResolver } from "#app/lib/zod-resolver";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { showDialog } from "#app/ui/dialogs";
import type { RootData } from "#app/ui/layout/root-data";
import { ACCOUNT_MESSAGES, type RenewPasswordSendResponse, renewPasswordSendSchema } from "#common/accounts";
import { linkTo, pathTo } from "#common/route-names";
import type { Route } from "./+types/change-password";

/** The password-reset request (decision 0008); signed-in users go to login (product-spec §6). */
export function loader({ context, request }: Route.LoaderArgs) {
  if (context.user) throw pageRedirect(pathTo("login"), 302, request);
  return null;
}

export const handle = { title: "Recuperar contraseña" };

export function meta() {
  return [{ title: "Recuperar contraseña" }, { name: "robots", content: "noindex" }];
}

export default function ChangePassword() {
  const root = useRouteLoaderData<RootData>("root");
  const brand = root?.brandName ?? "Farmanexo";
  const navigate = useNavigate();
  const { busyMessage, run } = useBusy();
  const form = useForm({ mode: "uncontrolled", initialValues: { email: "" }, validate: zodResolver(renewPasswordSendSchema) });

  const submit = form.onSubmit(async (values) => {
    let title: string = ACCOUNT_MESSAGES.resetTitle;
    try {
      const result = await run(BUSY_MESSAGES.request, () => api.post<RenewPasswordSendResponse>("/api/renew-password/send", values));
      title = result.title || title;
    } catch (error) {
      if (error instanceof ApiError && error.isValidation) {
        form.setErrors(apiFieldErrors(error.fieldErrors));
        return;
      }
      // Whether the address exists is never revealed: the same answer follows (product-spec §8).
    }
    showDialog({ title, message: ACCOUNT_MESSAGES.resetMessage(brand), onOk: () => navigate(linkTo("login")) });
  });

  return (
    <AuthPage
      title="Recuperar contraseña"
      lead="Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva."
      busyMessage={busyMessage}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            required
            key={form.key("email")}
            {...form.getInputProps("email")}
          />
          <Button type="submit" fullWidth>
            Enviar enlace
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={linkTo("login")}>
              Volver a iniciar sesión
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthPage>
  );
}
