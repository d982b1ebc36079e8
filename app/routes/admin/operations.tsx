import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { formatDateTime } from "#app/features/admin/format";
import { SimpleGrid } from "#app/ui/grid";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/operations";
import { loadOperations } from "./operations.server";

export async function loader({ context }: Route.LoaderArgs) {
  return loadOperations(context);
}

export function meta() {
  return [{ title: "Operaciones · Administración" }, { name: "robots", content: "noindex" }];
}

const BYTES = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 });
function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${BYTES.format(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${BYTES.format(bytes / 1024 ** 2)} MB`;
  return `${BYTES.format(bytes / 1024 ** 3)} GB`;
}
/** What each background job does, in the operator's words (the code's names are English ids). */
const JOB_LABELS: Record<string, string> = {
  jobs: "Ofertas: caducidad y alertas",
  news: "Noticias programadas",
  chat: "Mantenimiento del chat",
  visita: "Visita: promociones",
  "visita-figures": "Visita: cifras diarias",
  "professional-verifications": "Verificación de profesionales",
  "privacy-retention": "Borrado por plazos de conservación",
  "notifications-push": "Notificaciones push",
  "upload-sweeper": "Limpieza de ficheros subidos",
  heartbeat: "Aviso de la instancia",
};
const jobLabel = (name: string) => JOB_LABELS[name] ?? name;
/**
 * A run is stamped when it starts and its success when it ends, so a success older than the last
 * run means that run failed or is still going (the heartbeat's own row always is): only a job that
 * has failed counts as failed.
 */
const lastRunFailed = (job: { lastRunAt: string | null; lastSuccessAt: string | null; failures: number }) =>
  job.failures > 0 && job.lastRunAt !== null && (job.lastSuccessAt === null || job.lastSuccessAt < job.lastRunAt);

const percent = (ratio: number | null) => (ratio === null ? "sin datos" : `${Math.round(ratio * 100)} %`);
const when = (iso: string | null) => (iso ? formatDateTime(iso) : "todavía no");

/** The operator's dashboard (decision 0099): queues, outbox, instances and their jobs, sizes. */
export default function Operations({ loaderData }: Route.ComponentProps) {
  const { queues, outbox, instances, databaseBytes, storage } = loaderData;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Operaciones
      </Title>
      <Text c="gray.7">El estado del servicio ahora: trabajo pendiente, correo, instancias en marcha y espacio ocupado.</Text>
      <SimpleGrid cols={{ base: 2, lg: 4 }}>
        {queues.map((queue) => (
          <Card key={queue.key} withBorder padding="md" radius="md">
            <Text size="sm" c="gray.7">
              {queue.label}
            </Text>
            <Text fw={700} fz="xl">
              {queue.pending}
            </Text>
            <Anchor component={Link} to={linkTo(queue.to)} size="sm">
              Revisar
            </Anchor>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder padding="md" radius="md">
          <Title order={2} size="h4">
            Correo saliente
          </Title>
          <Text>Pendientes: {outbox.pending}</Text>
          <Text>Fallidos: {outbox.failed}</Text>
          <Text>Espera del más antiguo: {outbox.oldestPendingAgeSeconds} s</Text>
        </Card>
        <Card withBorder padding="md" radius="md">
          <Title order={2} size="h4">
            Base de datos
          </Title>
          <Text>{formatBytes(databaseBytes)}</Text>
        </Card>
        <Card withBorder padding="md" radius="md">
          <Title order={2} size="h4">
            Ficheros subidos
          </Title>
          {storage.state === "measured" ? (
            <>
              <Text>{formatBytes(storage.bytes)}</Text>
              <Text size="sm" c="gray.7">
                {storage.objects.toLocaleString("es-ES")} ficheros {storage.kind === "s3" ? "en el bucket" : "en el disco"} · medido{" "}
                {formatDateTime(storage.measuredAt)}
              </Text>
            </>
          ) : (
            <Text>
              {storage.state === "measuring"
                ? "Midiendo el espacio ocupado; recarga la página en unos minutos."
                : "No se pudo medir el espacio ocupado; se volverá a intentar en la próxima visita."}
            </Text>
          )}
        </Card>
      </SimpleGrid>
      <Title order={2} size="h3">
        Instancias
      </Title>
      {instances.length === 0 ? <Text>Ninguna instancia ha informado todavía.</Text> : null}
      {instances.map((instance) => (
        <Card key={instance.id} withBorder padding="md" radius="md">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>
              {instance.hostname} · versión {instance.version}
            </Text>
            <Badge color={instance.running ? "green" : "gray"}>{instance.running ? "En marcha" : "Detenida"}</Badge>
          </Group>
          <Text size="sm" c="gray.7">
            Arrancó {formatDateTime(instance.startedAt)} · último aviso {formatDateTime(instance.lastSeenAt)} · caché de páginas{" "}
            {percent(instance.hitRate)} de aciertos ({formatBytes(instance.cacheBytes)}) · {instance.websockets} conexiones en tiempo real
          </Text>
          {/* Three columns, so a phone shows them all; a last run that failed is named under its job. */}
          <Table verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tarea</Table.Th>
                <Table.Th>Último éxito</Table.Th>
                <Table.Th ta="right">Fallos</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {instance.jobs.map((job) => (
                <Table.Tr key={job.name}>
                  <Table.Td>
                    <Text size="sm">
                      {jobLabel(job.name)} {job.late ? <Badge color="red">Con retraso</Badge> : null}
                    </Text>
                    {lastRunFailed(job) ? (
                      <Text size="xs" c="red.8">
                        Última ejecución: {when(job.lastRunAt)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{when(job.lastSuccessAt)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">{job.failures}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ))}
    </Stack>
  );
}
