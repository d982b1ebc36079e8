import { Alert, Button, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { AuthPage } from "#app/features/accounts/auth-page";
import { NewPasswordFields } from "#app/features/accounts/new-password-fields";
import { showNotice } from "#app/features/accounts/notice";
import { useFormFailure } from "#app/lib/form";
import { LINK_PAGE_REFERRER } from "#app/lib/link-page-referrer";
import { brandOf, withBrand } from "#app/lib/page-title";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { showFailureDialog } from "#app/ui/dialogs";
import { ACCOUNT_MESSAGES } from "#common/accounts";
import { linkTo, pathTo } from "#common/route-names";
import type { Route } from "./+types/renew-password";
import { loadRenewPassword, renewPasswordAction } from "./renew-password.server";

/** The password-reset link's page (decision 0008); signed-in users go to login (product-spec §6). */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadRenewPassword(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return renewPasswordAction(context, request);
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export const handle = { title: "Nueva contraseña" };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: withBrand("Nueva contraseña", brandOf(matches)) }, { name: "robots", content: "noindex" }, LINK_PAGE_REFERRER];
}

/**
 * Opening the link changes nothing (mail scanners open links before people do): the form posts
 * the link's token with the new password, and only that spends it. A real POST, so it works before
 * the page's JavaScript has loaded; the server checks the fields (decision 0060).
 */
export default function RenewPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  // A failure with field errors marks the fields; one without is the link's problem (the dialog).
  const { failure: failed, formRef, error } = useFormFailure(actionData);
  const fieldErrors = failed && Object.keys(failed.errors).length > 0 ? failed.errors : undefined;
  const failure = failed && !fieldErrors ? failed.message : loaderData.failure;
  const done = actionData?.ok === true;

  useEffect(() => {
    // An unusable link (on opening or on saving): the failure dialog, whose OK goes to login (§8).
    if (failure) showFailureDialog(failure, () => navigate(linkTo("login")));
  }, [failure, navigate]);
  useEffect(() => {
    if (!done) return;
    showNotice(ACCOUNT_MESSAGES.passwordChanged);
    navigate(linkTo("login"), { replace: true });
  }, [done, navigate]);

  return (
    <AuthPage
      title="Elige una contraseña nueva"
      lead="Después podrás iniciar sesión con ella."
      busyMessage={navigation.state !== "idle" && navigation.formMethod === "POST" ? BUSY_MESSAGES.sending : null}
    >
      {done ? (
        <Alert color="teal" role="status" title={ACCOUNT_MESSAGES.passwordChanged}>
          <a href={pathTo("login")}>Iniciar sesión</a>
        </Alert>
      ) : failure ? (
        <Alert color="red" role="alert" title="Este enlace ya no sirve">
          <Stack gap="xs">
            <Text size="sm">{failure}</Text>
            <a href={pathTo("change-password")}>Pedir un enlace nuevo</a>
          </Stack>
        </Alert>
      ) : (
        <Form method="post" noValidate ref={formRef}>
          <Stack gap="md">
            <input type="hidden" name="token" value={loaderData.token} />
            <NewPasswordFields error={error} label="Contraseña nueva" />
            <Button type="submit" fullWidth>
              Guardar contraseña
            </Button>
          </Stack>
        </Form>
      )}
    </AuthPage>
  );
}
