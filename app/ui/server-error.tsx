import { Container, Stack, Text, Title } from "@mantine/core";
import { PlainButton } from "./plain-button";

export function ServerError() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>Ups, algo ha ido mal</Title>
        <Text c="gray.7">Inténtalo de nuevo más tarde.</Text>
        <PlainButton href="/app">Volver al inicio</PlainButton>
      </Stack>
    </Container>
  );
}
