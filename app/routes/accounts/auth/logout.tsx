import { Button, Stack, Text } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import { AuthPage } from "#app/features/accounts/auth-page";
import { brandOf, withBrand } from "#app/lib/page-title";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/logout";
import { loadLogout, logoutAction } from "./logout.server";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadLogout(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return logoutAction(context, request);
}

export const handle = { title: "Cerrar sesión" };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: withBrand("Cerrar sesión", brandOf(matches)) }, { name: "robots", content: "noindex" }];
}

/**
 * Signing out is a POST (the account menu and the sessions page send it here): opening this page only
 * asks, so a link cannot sign anyone out. The session store follows the root loader, which sees no
 * user after the action (SessionSync).
 */
export default function Logout() {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <AuthPage title="Cerrar sesión" busyMessage={submitting ? BUSY_MESSAGES.logout : null}>
      <Form method="post" action={linkTo("logout")} replace>
        <Stack>
          <Text>¿Quieres cerrar la sesión en este dispositivo?</Text>
          <Button type="submit">Cerrar sesión</Button>
        </Stack>
      </Form>
    </AuthPage>
  );
}
