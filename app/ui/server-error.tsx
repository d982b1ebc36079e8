import { Button, Container, Stack, Text, Title } from "@mantine/core";

export function ServerError() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>Ups algo ha ido mal</Title>
        <Text c="gray.7">Intentalo de nuevo mas tarde</Text>
        <Button component="a" href="/app">
          Volver al inicio
        </Button>
      </Stack>
    </Container>
  );
}
