import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Link, useRevalidator } from "react-router";
import { showNotice } from "#app/features/accounts/notice";
import { useBusy } from "#app/features/accounts/use-busy";
import { ApiError, api } from "#app/lib/api-client";
import { requireUser } from "#app/lib/page.server";
import { listSessions } from "#app/routes/accounts/accounts.server";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { showFailureDialog } from "#app/ui/dialogs";
import type { SessionInfo } from "#common/accounts";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/sessions";
import { CuentaLayout } from "./account-layout";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { sessions: await listSessions(context.app, user) };
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

export default function Sesiones({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const { busyMessage, run } = useBusy();
  const end = async (session: SessionInfo) => {
    try {
      await run(BUSY_MESSAGES.logout, () => api.delete(`/api/user/sessions/${session.id}`));
      showNotice("Sesión cerrada correctamente");
      await revalidator.revalidate();
    } catch (error) {
      showFailureDialog(error instanceof ApiError ? error.serverMessage : undefined);
    }
  };
  return (
    <CuentaLayout title="Sesiones activas" busyMessage={busyMessage}>
      <Text c="gray.7">
        Estos son los dispositivos con tu cuenta abierta. Si no reconoces alguno, cierra su sesión y cambia tu contraseña.
      </Text>
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
                <Button component={Link} to={linkTo("logout")} variant="default" size="xs">
                  Cerrar sesión
                </Button>
              ) : (
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => end(session)}
                  aria-label={`Cerrar sesión: ${describeDevice(session.user_agent)}`}
                >
                  Cerrar sesión
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    </CuentaLayout>
  );
}
