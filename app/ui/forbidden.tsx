import { Container, Stack, Text, Title } from "@mantine/core";
import { linkTo } from "#common/route-names";
import { PlainButton } from "./plain-button";

/** A signed-in user without the role a page needs (status 403). */
export function Forbidden() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fw={800} fz={64} c="teal.9" aria-hidden="true">
          403
        </Text>
        <Title order={1}>No tienes acceso a esta página</Title>
        <Text c="gray.7">
          Esta sección es para otro tipo de cuenta. Si crees que es un error, cierra sesión y entra con la cuenta adecuada.
        </Text>
        <PlainButton to={linkTo("home")}>Volver al inicio</PlainButton>
      </Stack>
    </Container>
  );
}
