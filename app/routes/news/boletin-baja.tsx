import { Alert, Anchor, Button, Card, Container, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "react-router";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/boletin-baja";
import { unsubscribeAction } from "./boletin.server";

export function loader({ context }: Route.LoaderArgs) {
  return { brandName: context.app.config.brandName };
}

/**
 * The unsubscribe happens on POST, after the person confirms: mail scanners that open every link
 * in a message (GET) must not end a subscription on their own. No session is needed.
 */
export async function action({ context, params }: Route.ActionArgs) {
  return unsubscribeAction(context, params.token);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Darse de baja del boletín · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

export default function BoletinBaja({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="md" padding="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            Boletín semanal de noticias
          </Title>
          {actionData?.done ? (
            actionData.removed ? (
              <Alert color="teal" title="Te has dado de baja" role="status">
                Ya no recibirás el boletín semanal de noticias.
              </Alert>
            ) : (
              <Alert color="gray" title="Ya no estabas suscrito" role="status">
                El enlace ya se usó o la suscripción se canceló antes. No recibirás más boletines.
              </Alert>
            )
          ) : (
            <>
              <Text>¿Quieres dejar de recibir el boletín semanal de noticias?</Text>
              <Form method="post">
                <Button type="submit" color="red" loading={navigation.state === "submitting"}>
                  Darme de baja
                </Button>
              </Form>
            </>
          )}
          <Text size="sm" c="gray.7">
            Puedes volver a activarlo cuando quieras en{" "}
            <Anchor component={Link} to={linkTo("cuenta-boletin")} underline="always">
              Mi cuenta › Boletín
            </Anchor>
            .
          </Text>
        </Stack>
      </Card>
    </Container>
  );
}
