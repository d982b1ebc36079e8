import { Button, Group, Paper, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useConsent } from "./consent";
import { ConsentPreferences } from "./consent-preferences";

/** Asks once for analytics and advertising cookies: "Aceptar", "Rechazar" or "Configurar". */
export function ConsentBanner() {
  const { consent, save } = useConsent();
  if (consent) return null;
  const configure = () => {
    const id = modals.open({
      title: "Configurar cookies",
      centered: true,
      closeButtonProps: { "aria-label": "Cerrar" },
      children: (
        <ConsentPreferences
          initial={null}
          onSave={(choice) => {
            save(choice);
            modals.close(id);
          }}
        />
      ),
    });
  };
  return (
    <Paper
      component="section"
      aria-label="Aviso de cookies"
      shadow="lg"
      withBorder
      p={{ base: "xs", sm: "md" }}
      radius={0}
      style={{ position: "fixed", insetInline: 0, bottom: 0, zIndex: 300 }}
    >
      {/* Compact on phones: two short rows, so the page's first content stays visible above it. */}
      <Group justify="space-between" wrap="wrap" gap="xs" maw={1140} mx="auto">
        <Text fz={{ base: "xs", sm: "sm" }} maw={680}>
          Usamos cookies técnicas para que puedas iniciar sesión y, si lo aceptas, cookies analíticas y publicitarias para mejorar el
          servicio. Tú decides.
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" size="compact-md" onClick={configure}>
            Configurar
          </Button>
          <Button variant="default" size="compact-md" onClick={() => save({ analytics: false, publicidad: false })}>
            Rechazar
          </Button>
          <Button size="compact-md" onClick={() => save({ analytics: true, publicidad: true })}>
            Aceptar
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
