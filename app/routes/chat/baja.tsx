import { Alert, Button, Card, Container, Stack, Text, Title } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/baja";
import { unsubscribeUnreadEmails } from "./baja.server";

export function loader({ context }: Route.LoaderArgs) {
  return { brandName: context.app.config.brandName };
}

/**
 * The unsubscribe happens on POST, after one click: mail scanners that open every link in a
 * message (GET) must not unsubscribe people on their own.
 */
export async function action({ context, params }: Route.ActionArgs) {
  return { done: await unsubscribeUnreadEmails(context.app, params.token) };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Avisos de mensajes sin leer · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

export default function ChatBaja({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="md" padding="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            Avisos de mensajes sin leer
          </Title>
          {actionData ? (
            actionData.done ? (
              <Alert color="teal" title="Te has dado de baja" role="status">
                Ya no te enviaremos correos cuando tengas mensajes sin leer en el chat.
              </Alert>
            ) : (
              <Alert color="red" title="Enlace no válido" role="alert">
                Este enlace no es válido. Usa el enlace completo del último correo que te enviamos.
              </Alert>
            )
          ) : (
            <>
              <Text>¿Quieres dejar de recibir un correo cuando tengas mensajes sin leer en el chat?</Text>
              <Form method="post">
                <Button type="submit" color="red" loading={navigation.state === "submitting"}>
                  Darme de baja
                </Button>
              </Form>
            </>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
