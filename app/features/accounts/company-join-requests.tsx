import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useRevalidator } from "react-router";
import { ApiError, api } from "#app/lib/api-client";
import { showFailureDialog } from "#app/ui/dialogs";
import { showNotice } from "./notice";

export type JoinRequestItem = { id: number; nombre: string; email: string; created_at: string };

const DATE = new Intl.DateTimeFormat("es-ES", { dateStyle: "medium", timeZone: "Europe/Madrid" });

/**
 * Pending requests to join the administrator's company (decision 0017), with approve and decline.
 * Shown in the employment panel and in the user area's "Mi empresa".
 */
export function CompanyJoinRequests({ requests }: { requests: JoinRequestItem[] }) {
  const revalidator = useRevalidator();
  if (requests.length === 0) return null;
  const decide = async (request: JoinRequestItem, approve: boolean) => {
    try {
      await api.post(`/api/user/empresa/solicitudes/${request.id}/${approve ? "aprobar" : "rechazar"}`, {});
      showNotice(approve ? `${request.nombre} ya forma parte de tu empresa.` : "Solicitud rechazada.");
      await revalidator.revalidate();
    } catch (error) {
      showFailureDialog(error instanceof ApiError ? error.serverMessage : undefined);
    }
  };
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="solicitudes-empresa">
      <Stack gap="sm">
        <Title order={2} size="h4" id="solicitudes-empresa">
          Solicitudes para unirse a tu empresa
        </Title>
        <Text size="sm" c="gray.7">
          Quien aceptes podrá publicar ofertas de la empresa y ver sus candidaturas. Rechaza a quien no conozcas.
        </Text>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {requests.map((request) => (
            <Group key={request.id} component="li" justify="space-between" wrap="wrap" data-testid="join-request">
              <Stack gap={0}>
                <Text fw={600}>{request.nombre}</Text>
                <Text size="sm" c="gray.7">
                  {request.email} · {DATE.format(new Date(request.created_at))}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button size="xs" onClick={() => decide(request, true)} aria-label={`Aceptar a ${request.nombre}`}>
                  Aceptar
                </Button>
                <Button size="xs" variant="default" onClick={() => decide(request, false)} aria-label={`Rechazar a ${request.nombre}`}>
                  Rechazar
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
