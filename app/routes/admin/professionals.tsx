import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Text, Textarea, Title } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import { formatDateTime } from "#app/features/admin/format";
import { useFormFailure } from "#app/lib/form";
import { SimpleGrid } from "#app/ui/grid";
import { REJECTION_REASONS } from "#common/accounts/professional-verification";
import type { Route } from "./+types/professionals";
import { loadProfessionalQueue, professionalQueueAction } from "./professionals.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadProfessionalQueue(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return professionalQueueAction(context, request);
}

export function meta() {
  return [{ title: "Profesionales · Administración" }, { name: "robots", content: "noindex" }];
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

/** Pending requests to be verified as a healthcare professional, oldest first. */
export default function Profesionales({ loaderData, actionData }: Route.ComponentProps) {
  const { failure } = useFormFailure(actionData);
  const done = actionData && "ok" in actionData && actionData.ok ? actionData.message : null;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Verificación de profesionales
      </Title>
      <Text c="gray.7">
        Comprueba el justificante contra los datos. Al decidir, el justificante se borra y el usuario recibe un correo; la decisión queda en
        la auditoría. Pendientes: {loaderData.items.length}.
      </Text>
      {done ? (
        <Alert color="teal" role="status">
          {done}
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert">
          {failure.message}
        </Alert>
      ) : null}
      {loaderData.items.length === 0 ? <Text>No hay solicitudes pendientes.</Text> : null}
      {loaderData.items.map((item) => (
        <Request key={item.id} item={item} />
      ))}
    </Stack>
  );
}

function Request({ item }: { item: Item }) {
  const busy = useNavigation().formData?.get("id") === String(item.id);
  return (
    <Card withBorder component="article" aria-labelledby={`solicitud-${item.id}`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={`solicitud-${item.id}`}>
          {item.nombre || item.email}
        </Title>
        <Badge variant="light" tt="none">
          {item.professionLabel}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mb="md">
        <Text size="sm">Correo: {item.email}</Text>
        <Text size="sm">
          Colegio: {item.colegio} de {item.provincia}
        </Text>
        <Text size="sm">N.º de colegiado: {item.collegiateNumber}</Text>
        <Text size="sm">Enviada: {formatDateTime(item.createdAt)}</Text>
      </SimpleGrid>
      {item.hasProof ? (
        <Anchor href={`/api/admin/profesionales/${item.id}/justificante`} target="_blank" rel="noopener">
          Ver el justificante de {item.nombre || item.email}
        </Anchor>
      ) : (
        <Text size="sm">Sin justificante.</Text>
      )}
      {item.own ? (
        <Text mt="md" c="gray.7">
          Es tu propia solicitud: la decide otra persona de la moderación.
        </Text>
      ) : (
        <Group align="flex-end" mt="md" gap="lg" wrap="wrap">
          <Form method="post">
            <input type="hidden" name="intent" value="decidir" />
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="decision" value="aprobar" />
            <Button type="submit" color="teal" loading={busy}>
              Aprobar
            </Button>
          </Form>
          <Form method="post" style={{ flex: "1 1 320px" }}>
            <input type="hidden" name="intent" value="decidir" />
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="decision" value="rechazar" />
            <Stack gap="xs">
              <NativeSelect
                label="Motivo del rechazo"
                name="motivo"
                required
                data={Object.entries(REJECTION_REASONS).map(([value, label]) => ({ value, label }))}
              />
              <Textarea label="Comentario para el usuario (opcional)" name="comentario" maxLength={500} autosize minRows={2} />
              <Group>
                <Button type="submit" color="red" variant="light" loading={busy}>
                  Rechazar
                </Button>
              </Group>
            </Stack>
          </Form>
        </Group>
      )}
    </Card>
  );
}
