import { Button, Group, Paper, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { ApiError, api } from "#app/lib/api-client";
import { pushDeviceState, subscribeThisDevice, unsubscribeThisDevice } from "./push-client";

type State = "loading" | "unsupported" | "denied" | "off" | "on";

/** Opt-in to web push on this device (the browser asks for permission on the click, never before). */
export function PushOptIn({ devices }: { devices: number }) {
  const [state, setState] = useState<State>("loading");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    pushDeviceState().then(setState, () => setState("unsupported"));
  }, []);
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      if (state === "on") {
        await unsubscribeThisDevice((endpoint) => api.post("/api/notifications/push/unsubscribe", { endpoint }));
        setState("off");
      } else {
        const { public_key } = await api.get<{ public_key: string }>("/api/notifications/push/key");
        const result = await subscribeThisDevice(public_key, (subscription) =>
          api.put("/api/notifications/push/subscription", subscription),
        );
        setState(result);
      }
    } catch (failure) {
      setError(
        (failure instanceof ApiError && failure.serverMessage) || "No hemos podido cambiar las notificaciones push. Inténtalo de nuevo.",
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        Notificaciones push
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {devices === 1
          ? "Tienes las notificaciones push activadas en 1 dispositivo."
          : `Tienes las notificaciones push activadas en ${devices} dispositivos.`}
      </Text>
      {state === "unsupported" && <Text>Este navegador no admite notificaciones push.</Text>}
      {state === "denied" && (
        <Text>Has bloqueado las notificaciones de este sitio: permítelas en los ajustes del navegador para activarlas.</Text>
      )}
      {(state === "on" || state === "off") && (
        <Group>
          <Button onClick={toggle} loading={busy} variant={state === "on" ? "default" : "filled"}>
            {state === "on" ? "Desactivar en este dispositivo" : "Activar en este dispositivo"}
          </Button>
        </Group>
      )}
      {error && (
        <Text c="red.8" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Paper>
  );
}
