import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useFetcher } from "react-router";
import { type FormFailure, useFormFailure } from "#app/lib/form";
import { FormError } from "#app/ui/form-error";
import { linkTo } from "#common/route-names";

export type JoinRequestItem = { id: number; nombre: string; email: string; created_at: string };

const DATE = new Intl.DateTimeFormat("es-ES", { dateStyle: "medium", timeZone: "Europe/Madrid" });

/** What the "Mi empresa" action answers (company.server.ts): a success or a FormFailure. */
type Outcome = { ok: true; message: string } | FormFailure | undefined;

/**
 * Pending requests to join the administrator's company (decision 0017), with approve and decline:
 * forms posted to "Mi empresa"'s action. With JavaScript a fetcher keeps the user on this page (the
 * employment panel or "Mi empresa") and the list reloads; without it, "Mi empresa" shows the answer
 * (`outcome`, its action data).
 */
export function CompanyJoinRequests({ requests, outcome }: { requests: JoinRequestItem[]; outcome?: Outcome }) {
  const fetcher = useFetcher<Outcome>();
  const answer = fetcher.data ?? outcome;
  const done = answer?.ok ? answer.message : null;
  const { message: failed } = useFormFailure(answer);
  if (requests.length === 0 && !answer) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="solicitudes-empresa">
      <Stack gap="sm">
        <Title order={2} size="h4" id="solicitudes-empresa">
          Solicitudes para unirse a tu empresa
        </Title>
        <Text size="sm" c="gray.7">
          Quien aceptes podrá publicar ofertas de la empresa y ver sus candidaturas. Rechaza a quien no conozcas.
        </Text>
        {done && (
          <Alert color="teal" role="status">
            {done}
          </Alert>
        )}
        <FormError message={failed} />
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {requests.map((request) => (
            <Group key={request.id} component="li" justify="space-between" wrap="wrap" data-testid="join-request">
              <Stack gap={0}>
                <Text fw={600}>{request.nombre}</Text>
                <Text size="sm" c="gray.7">
                  {request.email} · {DATE.format(new Date(request.created_at))}
                </Text>
              </Stack>
              <fetcher.Form method="post" action={linkTo("cuenta-empresa")}>
                <input type="hidden" name="id" value={request.id} />
                <Group gap="xs">
                  <Button
                    type="submit"
                    name="intent"
                    value="aprobar"
                    size="xs"
                    loading={fetcher.state !== "idle" && fetcher.formData?.get("intent") === "aprobar"}
                    aria-label={`Aceptar a ${request.nombre}`}
                  >
                    Aceptar
                  </Button>
                  <Button
                    type="submit"
                    name="intent"
                    value="rechazar"
                    size="xs"
                    variant="default"
                    aria-label={`Rechazar a ${request.nombre}`}
                  >
                    Rechazar
                  </Button>
                </Group>
              </fetcher.Form>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
