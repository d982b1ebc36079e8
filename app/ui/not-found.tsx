import { Container, Stack, Text, Title } from "@mantine/core";
import { linkTo } from "#common/route-names";
import { PlainButton } from "./plain-button";

export function NotFound() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fw={800} fz={64} c="teal.9" aria-hidden="true">
          404
        </Text>
        <Title order={1}>Página no encontrada</Title>
        <Text c="gray.7">La dirección que has abierto no existe o ya no está disponible.</Text>
        <PlainButton to={linkTo("home")}>Volver al inicio</PlainButton>
      </Stack>
    </Container>
  );
}
