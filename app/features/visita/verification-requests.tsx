import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { Form } from "react-router";
import { useTimeZone } from "#app/lib/time-zone";
import { linkTo } from "#common/route-names";
import { VERIFICATION_STATE_LABELS, type VerificationState } from "#common/visita/verifications";
import type { Verification } from "#server/visita";

const STATE_COLORS: Record<VerificationState, string> = {
  pendiente: "blue",
  confirmada: "teal",
  rechazada: "red",
  cancelada: "gray",
  caducada: "orange",
};

export function VerificationBadge({ state }: { state: VerificationState }) {
  return (
    <Badge variant="light" color={STATE_COLORS[state]} tt="none">
      {VERIFICATION_STATE_LABELS[state]}
    </Badge>
  );
}

/** A date in the reader's time zone (decision 0025), e.g. "23 nov 2026". */
export function useShortDate() {
  const timeZone = useTimeZone();
  const format = new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "short", year: "numeric", timeZone });
  return (iso: string) => format.format(new Date(iso));
}

/**
 * A product's verification requests, with "Reenviar" and "Cancelar" for pending ones (posted to
 * the request's verificacion-prof page, which redirects to success-verif).
 */
export function VerificationRequests({ requests, productId }: { requests: Verification[]; productId: number }) {
  const date = useShortDate();
  if (!requests.length) return null;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {requests.map((request) => {
        const open = request.estado === "pendiente" || request.estado === "caducada";
        return (
          <li key={request.id}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={0} style={{ flex: "1 1 200px", minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {request.profesional.nombre}
                </Text>
                <Text size="xs" c="gray.7">
                  {request.profesional.email} ·{" "}
                  {request.respondida_en ? `respondida el ${date(request.respondida_en)}` : `enviada el ${date(request.enviada_en)}`}
                </Text>
              </Stack>
              <Group gap="xs">
                <VerificationBadge state={request.estado} />
                {open ? (
                  <Form method="post" action={linkTo("verificacion-prof", { idProd: productId, idVerif: request.id, isRev: 0 })}>
                    <Group gap={6}>
                      <Button
                        type="submit"
                        name="intent"
                        value="resend"
                        size="compact-xs"
                        variant="light"
                        aria-label={`Reenviar la solicitud a ${request.profesional.nombre}`}
                      >
                        Reenviar
                      </Button>
                      <Button
                        type="submit"
                        name="intent"
                        value="cancel"
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Cancelar la solicitud a ${request.profesional.nombre}`}
                      >
                        Cancelar
                      </Button>
                    </Group>
                  </Form>
                ) : null}
              </Group>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
