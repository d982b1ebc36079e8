import { LoadingOverlay, Stack, Text } from "@mantine/core";

/** Full-screen "please wait" with a message (product-spec §8 busy overlays). */
export function BusyOverlay({ visible, message }: { visible: boolean; message: string }) {
  return (
    <LoadingOverlay
      visible={visible}
      zIndex={2000}
      pos="fixed"
      overlayProps={{ blur: 2, backgroundOpacity: 0.6 }}
      loaderProps={{
        children: (
          <Stack align="center" gap="sm" role="status" aria-live="polite">
            <div className="busy-spinner" aria-hidden="true" />
            <Text fw={600}>{message}</Text>
          </Stack>
        ),
      }}
    />
  );
}

export const BUSY_MESSAGES = {
  login: "Iniciando sesión, por favor no cierres la ventana...",
  sending: "Enviando datos, no cierres la ventana...",
  request: "Enviado solicitud, no cierres la ventana",
  verifying: "Verificando url, no cierres la ventana",
  logout: "Cerrando sesión",
} as const;
