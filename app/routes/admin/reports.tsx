import { Alert, Badge, Button, Card, Group, Paper, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useFetcher, useNavigate } from "react-router";
import { formatDateTime } from "#app/features/admin/format";
import { useFormFailure } from "#app/lib/form";
import { LinkifiedText } from "#app/ui/linkified-text";
import { CHAT_REPORT_REASON_LABELS, type ChatReportStatus } from "#common/chat/vocabulary";
import type { Route } from "./+types/reports";
import { denunciasAction, loadDenuncias } from "./reports.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadDenuncias(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return denunciasAction(context, request);
}

export function meta() {
  return [{ title: "Denuncias del chat · Administración" }, { name: "robots", content: "noindex" }];
}

type Report = Route.ComponentProps["loaderData"]["reports"][number];

const STATUS_LABELS: Record<ChatReportStatus, string> = {
  pendiente: "Pendiente",
  descartado: "Descartada",
  mensaje_eliminado: "Mensaje eliminado",
  cuenta_suspendida: "Suspendida en el chat",
  cuenta_bloqueada: "Cuenta bloqueada",
};

export default function Denuncias({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const pending = loaderData.status === "pendiente";
  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1} size="h2">
          Denuncias del chat
        </Title>
        <Text c="gray.7" mt="xs">
          Mensajes y conversaciones que los usuarios han denunciado. Lee el contexto y decide: descartar la denuncia, eliminar el mensaje,
          impedir que la cuenta escriba en el chat o bloquear la cuenta. Todo queda en el registro de auditoría.
        </Text>
      </div>
      <SegmentedControl
        aria-label="Estado de las denuncias"
        value={loaderData.status}
        onChange={(value) => navigate(value === "resueltos" ? "?estado=resueltos" : "?")}
        data={[
          { value: "pendiente", label: "Pendientes" },
          { value: "resueltos", label: "Resueltas" },
        ]}
        style={{ alignSelf: "flex-start" }}
      />
      {loaderData.reports.length === 0 ? (
        <Text>{pending ? "No hay denuncias pendientes." : "Todavía no se ha resuelto ninguna denuncia."}</Text>
      ) : (
        loaderData.reports.map((report) => <ReportCard key={report.id} report={report} />)
      )}
    </Stack>
  );
}

function ReportCard({ report }: { report: Report }) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  const result = (fetcher.data?.ok ? fetcher.data.id : fetcher.data?.key) === report.id ? fetcher.data : null;
  const { failure } = useFormFailure(result);
  const who = report.reported_user.nombre;
  const send = (action: string) => fetcher.submit({ id: String(report.id), action }, { method: "post" });
  const confirm = (title: string, text: string, label: string, action: string) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: label, cancel: "Cancelar" },
      confirmProps: { color: "red" },
      onConfirm: () => send(action),
    });
  const byId = new Map([[report.reported_user.id, who]]);
  return (
    <Card withBorder component="article" aria-label={`Denuncia #${report.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={700}>{CHAT_REPORT_REASON_LABELS[report.reason]}</Text>
            <Text size="sm" c="gray.7">
              {report.message ? "Mensaje" : "Conversación"} de <strong>{who}</strong>, {report.message ? "denunciado" : "denunciada"} por{" "}
              {report.reporter.nombre} · <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
            </Text>
          </div>
          <Group gap={6}>
            {report.reported_user.suspended ? (
              <Badge color="orange" variant="light">
                No puede escribir en el chat
              </Badge>
            ) : null}
            <Badge color={report.status === "pendiente" ? "blue" : "gray"} variant="light">
              {STATUS_LABELS[report.status]}
            </Badge>
          </Group>
        </Group>
        {report.details ? (
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            «<LinkifiedText text={report.details} />»
          </Text>
        ) : null}
        <Paper bg="gray.0" p="sm" radius="sm">
          <Text size="xs" fw={600} c="gray.7" mb={6}>
            Últimos mensajes de la conversación
          </Text>
          <Stack gap={6}>
            {report.context.length === 0 ? <Text size="sm">La conversación no tiene mensajes.</Text> : null}
            {report.context.map((m) => (
              <Text
                key={m.id}
                size="sm"
                fw={m.id === report.message?.id ? 700 : undefined}
                c={m.id === report.message?.id ? "red.8" : undefined}
                style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
              >
                <Text span size="xs" c="gray.7">
                  {formatDateTime(m.created_at)} · {byId.get(m.sender_id) ?? report.reporter.nombre}:{" "}
                </Text>
                {m.deleted ? <em>Mensaje eliminado</em> : <LinkifiedText text={m.body} />}
                {!m.deleted && m.attachment_name ? <em>{`${m.body ? " · " : ""}Archivo adjunto: ${m.attachment_name}`}</em> : null}
              </Text>
            ))}
          </Stack>
        </Paper>
        {report.status === "pendiente" ? (
          <Group gap="xs">
            <Button size="xs" variant="default" loading={busy} onClick={() => send("dismiss")}>
              Descartar
            </Button>
            {report.message && !report.message.deleted ? (
              <Button
                size="xs"
                color="red"
                variant="outline"
                disabled={busy}
                onClick={() =>
                  confirm(
                    "Eliminar el mensaje",
                    "El mensaje desaparecerá para los dos participantes. ¿Seguro?",
                    "Eliminar",
                    "delete_message",
                  )
                }
              >
                Eliminar el mensaje
              </Button>
            ) : null}
            <Button
              size="xs"
              color="red"
              variant="outline"
              disabled={busy}
              onClick={() =>
                confirm(
                  "Suspender en el chat",
                  `${who} no podrá enviar más mensajes en el chat; el resto de la web seguirá a su alcance. ¿Seguro?`,
                  "Suspender",
                  "suspend_account",
                )
              }
            >
              Suspender en el chat
            </Button>
            <Button
              size="xs"
              color="red"
              disabled={busy}
              onClick={() =>
                confirm(
                  "Bloquear la cuenta",
                  `${who} no podrá iniciar sesión y todas sus sesiones se cerrarán ahora. Un administrador puede desbloquearla desde Usuarios. ¿Seguro?`,
                  "Bloquear",
                  "block_account",
                )
              }
            >
              Bloquear la cuenta
            </Button>
          </Group>
        ) : report.handled_at ? (
          <Text size="sm" c="gray.7">
            Resuelta el <time dateTime={report.handled_at}>{formatDateTime(report.handled_at)}</time>
          </Text>
        ) : null}
        {result ? (
          <Alert color={failure ? "red" : "teal"} p="xs" role={failure ? "alert" : "status"}>
            {result.message}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
