import { Alert, Anchor, Button, Card, Container, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "react-router";
import { unsubscribeAlert } from "#app/routes/jobs/jobs.server";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/alerta-baja";

export function loader({ context }: Route.LoaderArgs) {
  return { brandName: context.app.config.brandName };
}

/**
 * The unsubscribe happens on POST, after the person confirms: mail scanners that open every link
 * in a message (GET) must not remove alerts on their own. No session is needed: the token is the proof.
 */
export async function action({ context, params }: Route.ActionArgs) {
  const removed = await unsubscribeAlert(context.app, params.token);
  return { removed: removed?.descripcion ?? null, done: true as const };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Darse de baja de una alerta · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

export default function AlertaBaja({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="md" padding="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            Alerta de empleo
          </Title>
          {actionData?.done ? (
            actionData.removed ? (
              <Alert color="teal" title="Te has dado de baja" role="status">
                Ya no recibirás correos de la alerta «{actionData.removed}».
              </Alert>
            ) : (
              <Alert color="gray" title="Esta alerta ya no existe" role="status">
                El enlace ya se usó o la alerta se eliminó antes. No recibirás más correos de ella.
              </Alert>
            )
          ) : (
            <>
              <Text>¿Quieres dejar de recibir los correos de esta alerta de empleo?</Text>
              <Form method="post">
                <Button type="submit" color="red" loading={navigation.state === "submitting"}>
                  Darme de baja
                </Button>
              </Form>
            </>
          )}
          <Text size="sm" c="gray.7">
            Puedes gestionar todas tus alertas en{" "}
            <Anchor component={Link} to={linkTo("empleo-alertas")} underline="always">
              Alertas de empleo
            </Anchor>
            .
          </Text>
        </Stack>
      </Card>
    </Container>
  );
}
