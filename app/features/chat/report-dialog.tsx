import { Button, Group, Modal, Select, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useFormFailure } from "#app/lib/form";
import { CHAT_REPORT_REASON_LABELS, CHAT_REPORT_REASONS } from "#common/chat/vocabulary";
import type { FormFailure } from "#server/platform/page-form";

type ActionResult = { ok: true; intent: string } | FormFailure;

type Props = { opened: boolean; onClose: () => void; messageId: number | null; otherName: string };

/**
 * Reports the conversation, or one message of it, to the moderators. Conversations are one to
 * one, so the reported person could only guess who reported: the dialog promises what is true
 * (they get no notice of it), not anonymity.
 */
export function ReportDialog({ opened, onClose, messageId, otherName }: Props) {
  const fetcher = useFetcher<ActionResult>();
  const { formRef, failure, error, value } = useFormFailure(fetcher.data, "report");
  const sent = fetcher.data?.ok === true && fetcher.data.intent === "report" ? fetcher.data : undefined;
  useEffect(() => {
    if (sent && fetcher.state === "idle") {
      notifications.show({ color: "teal", message: "Denuncia enviada. Un moderador la revisará. Gracias por avisarnos." });
      onClose();
    }
  }, [sent, fetcher.state, onClose]);
  return (
    <Modal opened={opened} onClose={onClose} title={messageId ? "Denunciar mensaje" : "Denunciar conversación"}>
      <fetcher.Form method="post" key={String(opened)} ref={formRef}>
        <input type="hidden" name="intent" value="report" />
        {messageId && <input type="hidden" name="message_id" value={messageId} />}
        <Stack>
          <Text size="sm">
            Un moderador revisará {messageId ? "el mensaje" : "la conversación"}. {otherName} no recibirá ningún aviso de tu denuncia.
          </Text>
          <Select
            name="reason"
            label="Motivo"
            placeholder="Elige un motivo"
            required
            data={CHAT_REPORT_REASONS.map((value) => ({ value, label: CHAT_REPORT_REASON_LABELS[value] }))}
            defaultValue={value("reason") || null}
            error={error("reason")}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            name="details"
            label="Detalles (opcional)"
            maxLength={1000}
            autosize
            minRows={2}
            defaultValue={value("details")}
            error={error("details")}
          />
          {failure && !error("reason") && (
            <Text c="red.8" size="sm" role="alert">
              {failure.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={fetcher.state !== "idle"}>
              Enviar denuncia
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Modal>
  );
}
