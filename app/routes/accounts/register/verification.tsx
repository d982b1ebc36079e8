import { Alert, Button, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { AuthPage } from "#app/features/accounts/auth-page";
import { useFormFailure } from "#app/lib/form";
import { LINK_PAGE_REFERRER } from "#app/lib/link-page-referrer";
import { brandOf, withBrand } from "#app/lib/page-title";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { FAILURE_MESSAGE, showFailureDialog } from "#app/ui/dialogs";
import { linkTo, pathTo } from "#common/route-names";
import type { Route } from "./+types/verification";
import { loadVerification, verificationAction } from "./verification.server";

/** A query value, URL-decoded on entry (product-spec §2): links from some mail clients arrive encoded twice. */
export function decodeQueryValue(value: string | null): string {
  if (!value) return "";
  let text = value;
  for (let i = 0; i < 2 && /%[0-9a-f]{2}/i.test(text); i++) {
    try {
      text = decodeURIComponent(text);
    } catch {
      break;
    }
  }
  return text;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return loadVerification(context, {
    token: decodeQueryValue(params.get("token")),
    registerType: decodeQueryValue(params.get("register_type")),
    redirectUrl: decodeQueryValue(params.get("redirect_url")),
  });
}

export async function action({ context, request }: Route.ActionArgs) {
  return verificationAction(context, request);
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export const handle = { title: "Confirma tu correo electrónico" };

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: withBrand("Confirma tu correo electrónico", brandOf(matches)) },
    { name: "robots", content: "noindex" },
    LINK_PAGE_REFERRER,
  ];
}

/**
 * The e-mail's confirmation link. Opening it changes nothing (mail scanners open links before
 * people do); the button posts the token, which confirms the address, makes the session
 * authenticated and goes on to the profile step of register_type (product-spec §2). The form is a
 * real POST, so it works before the page's JavaScript has loaded.
 */
export default function RegisterVerification({ loaderData, actionData }: Route.ComponentProps) {
  const { token, redirectUrl } = loaderData;
  const failure = useFormFailure(actionData).message ?? loaderData.failure;
  const navigate = useNavigate();
  const navigation = useNavigation();
  useEffect(() => {
    // An unusable link: the failure dialog, whose OK goes to login (product-spec §8).
    if (failure !== null) showFailureDialog(failure || undefined, () => navigate(linkTo("login"), { replace: true }));
  }, [failure, navigate]);
  return (
    <AuthPage
      title="Confirma tu correo electrónico"
      busyMessage={navigation.state !== "idle" && navigation.formMethod === "POST" ? BUSY_MESSAGES.verifying : null}
    >
      {failure === null ? (
        <Form method="post">
          <Stack gap="md">
            <Text>Pulsa el botón para confirmar tu dirección de correo y continuar con tu perfil.</Text>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="redirect_url" value={redirectUrl} />
            <Button type="submit" fullWidth>
              Confirmar mi correo
            </Button>
          </Stack>
        </Form>
      ) : (
        <Alert color="red" role="alert" title="Este enlace ya no sirve">
          <Stack gap="xs">
            <Text size="sm">{failure || FAILURE_MESSAGE}</Text>
            <a href={pathTo("login")}>Ir a iniciar sesión</a>
          </Stack>
        </Alert>
      )}
    </AuthPage>
  );
}
