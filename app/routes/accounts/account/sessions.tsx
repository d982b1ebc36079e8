import { Alert, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import { useFormFailure } from "#app/lib/form";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { FormError } from "#app/ui/form-error";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/sessions";
import { CuentaLayout } from "./account-layout";
import { loadSessions, sessionsAction } from "./sessions.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSessions(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return sessionsAction(context, request);
}

export const handle = { title: "Sesiones activas" };

export function meta() {
  return [{ title: "Sesiones activas" }, { name: "robots", content: "noindex" }];
}

const DATE = new Intl.DateTimeFormat("es-ES", { dateStyle: "medium", timeStyle: "short", hourCycle: "h23", timeZone: "Europe/Madrid" });

/** A readable device name from a user agent. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Dispositivo desconocido";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Navegador";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return system ? `${browser} en ${system}` : browser;
}

/**
 * Each session but this one ends with a POST to this page's action; this one with the sign-out form.
 * Both work before hydration.
 */
export default function Sesiones({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const done = actionData && "ok" in actionData && actionData.ok ? actionData.message : null;
  const { message: failed } = useFormFailure(actionData);
  return (
    <CuentaLayout title="Sesiones activas" busyMessage={busy ? BUSY_MESSAGES.logout : null}>
      <Text c="gray.7">
        Estos son los dispositivos con tu cuenta abierta. Si no reconoces alguno, cierra su sesión y cambia tu contraseña.
      </Text>
      {done && (
        <Alert color="teal" role="status">
          {done}
        </Alert>
      )}
      <FormError message={failed} />
      <Stack gap="sm" component="ul" p={0} style={{ listStyle: "none" }}>
        {loaderData.sessions.map((session) => (
          <Paper key={session.id} component="li" withBorder radius="md" p="md" data-testid="session">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{describeDevice(session.user_agent)}</Text>
                  {session.current && (
                    <Badge color="teal" variant="light">
                      Esta sesión
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="gray.7">
                  Iniciada el {DATE.format(new Date(session.created_at))} · último uso el {DATE.format(new Date(session.last_used_at))}
                  {session.ip ? ` · IP ${session.ip}` : ""}
                </Text>
              </Stack>
              {session.current ? (
                <Form method="post" action={linkTo("logout")} replace>
                  <Button type="submit" variant="default" size="xs">
                    Cerrar sesión
                  </Button>
                </Form>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="cerrar" />
                  <input type="hidden" name="id" value={session.id} />
                  <Button type="submit" variant="default" size="xs" aria-label={`Cerrar sesión: ${describeDevice(session.user_agent)}`}>
                    Cerrar sesión
                  </Button>
                </Form>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    </CuentaLayout>
  );
}
