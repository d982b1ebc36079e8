import { Anchor, Button, Group, Stack, Switch, Text } from "@mantine/core";
import { useState } from "react";
import { pathTo } from "#common/route-names";
import type { Consent } from "./consent";

/** The two switches shared by the banner's "Configurar" dialog and /app/cuenta/privacidad. */
export function ConsentPreferences({
  initial,
  onSave,
  saveLabel = "Guardar preferencias",
}: {
  initial: Consent | null;
  onSave: (consent: Consent) => void;
  saveLabel?: string;
}) {
  const [analytics, setAnalytics] = useState(initial?.analytics ?? false);
  const [publicidad, setPublicidad] = useState(initial?.publicidad ?? false);
  return (
    <Stack gap="md">
      <Switch
        checked
        disabled
        label="Cookies técnicas"
        description="Necesarias para iniciar sesión y recordar tus preferencias. Siempre activas."
      />
      <Switch
        checked={analytics}
        onChange={(event) => setAnalytics(event.currentTarget.checked)}
        label="Cookies analíticas"
        description="Nos dicen qué páginas se visitan para mejorar el servicio."
      />
      <Switch
        checked={publicidad}
        onChange={(event) => setPublicidad(event.currentTarget.checked)}
        label="Cookies publicitarias"
        description="Permiten mostrarte publicidad relacionada con tu actividad profesional."
      />
      <Text size="xs" c="gray.7">
        Puedes cambiar tu elección en cualquier momento en{" "}
        <Anchor href={pathTo("cuenta-privacidad")} inherit underline="always">
          Privacidad y cookies
        </Anchor>
        .
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => onSave({ analytics, publicidad })}>{saveLabel}</Button>
      </Group>
    </Stack>
  );
}
