import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useEffect } from "react";
import { Form, Link, useNavigate, useNavigation, useRouteLoaderData } from "react-router";
import { AuthPage } from "#app/features/accounts/auth-page";
import { useFormFailure } from "#app/lib/form";
import { brandOf, withBrand } from "#app/lib/page-title";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { showDialog } from "#app/ui/dialogs";
import type { RootData } from "#app/ui/layout/root-data";
import { ACCOUNT_MESSAGES } from "#common/accounts";
import { linkTo, pathTo } from "#common/route-names";
import type { Route } from "./+types/change-password";
import { changePasswordAction, loadChangePassword } from "./change-password.server";

/** The password-reset request (decision 0008); signed-in users go to login (product-spec §6). */
export function loader({ context, request }: Route.LoaderArgs) {
  return loadChangePassword(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return changePasswordAction(context, request);
}

/** A refusal for too many attempts tells when to try again (Retry-After), as the API does. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
}

export const handle = { title: "Recuperar contraseña" };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: withBrand("Recuperar contraseña", brandOf(matches)) }, { name: "robots", content: "noindex" }];
}

/**
 * A plain POST (decision 0060), so it works before hydration. A field error marks the field; any
 * other answer — sent, or refused (too many requests) — is the same dialog, so whether the address
 * exists is never revealed (product-spec §8).
 */
export default function ChangePassword({ actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>("root");
  const brand = root?.brandName ?? "Farmanexo";
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { failure, formRef, error, value } = useFormFailure(actionData);
  const marked = failure !== null && Object.keys(failure.errors).length > 0;
  const answered = actionData !== undefined && !marked;
  const title = actionData?.ok === true ? actionData.title : ACCOUNT_MESSAGES.resetTitle;

  useEffect(() => {
    if (answered) showDialog({ title, message: ACCOUNT_MESSAGES.resetMessage(brand), onOk: () => navigate(linkTo("login")) });
  }, [answered, title, brand, navigate]);

  return (
    <AuthPage
      title="Recuperar contraseña"
      lead="Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva."
      busyMessage={navigation.state !== "idle" && navigation.formMethod === "POST" ? BUSY_MESSAGES.request : null}
    >
      {answered ? (
        <Alert color="teal" role="status" title={title}>
          <Stack gap="xs">
            <Text size="sm">{ACCOUNT_MESSAGES.resetMessage(brand)}</Text>
            <a href={pathTo("login")}>Iniciar sesión</a>
          </Stack>
        </Alert>
      ) : (
        <Form method="post" noValidate ref={formRef}>
          <Stack gap="md">
            <TextInput
              label="Correo electrónico"
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={value("email")}
              error={error("email")}
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
        </Form>
      )}
    </AuthPage>
  );
}
