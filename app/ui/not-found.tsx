import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { linkTo } from "#common/route-names";

export function NotFound() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fw={800} fz={64} c="teal.9" aria-hidden="true">
          404
        </Text>
        <Title order={1}>Página no encontrada</Title>
        <Text c="gray.7">La dirección que has abierto no existe o ya no está disponible.</Text>
        <Button component={Link} to={linkTo("home")}>
          Volver al inicio
        </Button>
      </Stack>
    </Container>
  );
}
