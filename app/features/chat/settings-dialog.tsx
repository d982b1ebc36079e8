import { Button, Modal, Stack, Switch, Text } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";

export type ChatSettings = { read_receipts: boolean; unread_emails: boolean; verified_requests_only: boolean };

/**
 * The chat's own settings: read receipts, and the e-mail about unread messages (which the one-click
 * unsubscribe turns off; this is where it is turned back on). Each switch saves at once.
 */
export function ChatSettingsButton({ settings }: { settings: ChatSettings }) {
  const [opened, setOpened] = useState(false);
  const fetcher = useFetcher();
  // While a change is saving, show what was asked for; then what the server answered.
  const pending = fetcher.formData;
  const shown = (name: keyof ChatSettings) => (pending?.has(name) ? pending.get(name) === "on" : settings[name]);
  const save = (name: keyof ChatSettings, on: boolean) =>
    fetcher.submit({ intent: "settings", [name]: on ? "on" : "off" }, { method: "post" });
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Ajustes
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Ajustes del chat">
        <Stack>
          <Switch
            label="Confirmaciones de lectura"
            description="Si las desactivas, no sabrán cuándo has leído sus mensajes y tú tampoco verás cuándo leen los tuyos."
            checked={shown("read_receipts")}
            onChange={(event) => save("read_receipts", event.currentTarget.checked)}
          />
          <Switch
            label="Avisos por correo de mensajes sin leer"
            description="Te escribimos si un mensaje lleva 15 minutos sin leer y no estás conectado. Nunca de conversaciones silenciadas."
            checked={shown("unread_emails")}
            onChange={(event) => save("unread_emails", event.currentTarget.checked)}
          />
          <Switch
            label="Solicitudes solo de profesionales verificados"
            description="Solo podrán escribirte por primera vez quienes lleven la insignia «Profesional verificado». Las conversaciones que ya tienes siguen igual."
            checked={shown("verified_requests_only")}
            onChange={(event) => save("verified_requests_only", event.currentTarget.checked)}
          />
          <Text size="xs" c="gray.7">
            Los cambios se guardan al momento.
          </Text>
        </Stack>
      </Modal>
    </>
  );
}
