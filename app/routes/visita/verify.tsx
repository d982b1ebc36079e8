import { Alert, Button, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import { useFormFailure } from "#app/lib/form";
import { LINK_PAGE_REFERRER } from "#app/lib/link-page-referrer";
import type { Route } from "./+types/verify";
import { loadVerify, verifyAction } from "./verifications.server";

/**
 * visitador/public/verify/{hash}: the professional answers without an account. Opening the link
 * (GET) changes nothing, because mail scanners open links before people do; the answer is a POST.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadVerify(context, params);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return verifyAction(context, request, params);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `Verificar una visita · ${data?.brandName ?? "Farmanexo"}` },
    { name: "robots", content: "noindex, nofollow" },
    LINK_PAGE_REFERRER,
  ];
}

const CLOSED: Record<string, string> = {
  confirmada: "Has confirmado esta visita. ¡Gracias!",
  rechazada: "Has rechazado esta solicitud. Gracias por avisarnos.",
  cancelada: "El visitador ha cancelado esta solicitud.",
  caducada: "Este enlace ha caducado: pide al visitador que te lo envíe de nuevo.",
};

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const { verification } = loaderData;
  const navigation = useNavigation();
  const state = actionData?.ok ? actionData.estado : verification.estado;
  const { failure, formRef } = useFormFailure(actionData);
  const { visitador, producto } = verification;
  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="md" padding="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            Verificar una visita
          </Title>
          <Text>
            Hola, {verification.profesional_nombre}: <strong>{visitador.nombre}</strong>
            {visitador.cargo ? `, ${visitador.cargo}` : ""}
            {visitador.empresa ? ` (${visitador.empresa})` : ""}, dice que te visita para presentarte:
          </Text>
          <Card withBorder radius="sm" padding="md" bg="gray.0">
            <Text fw={700}>{producto.nombre}</Text>
            <Text size="sm" c="gray.7">
              {producto.laboratorio}
            </Text>
          </Card>
          {failure ? (
            <Alert color="orange" role="alert">
              {failure.message}
            </Alert>
          ) : state === "pendiente" ? (
            <>
              <Text>¿Es cierto? Tu respuesta solo sirve para esta solicitud y el visitador verá tu nombre.</Text>
              <Form method="post" ref={formRef}>
                <Group gap="sm">
                  <Button type="submit" name="decision" value="confirmar" color="teal" loading={navigation.state === "submitting"}>
                    Confirmar
                  </Button>
                  <Button type="submit" name="decision" value="rechazar" variant="outline" color="red">
                    Rechazar
                  </Button>
                </Group>
              </Form>
            </>
          ) : (
            <Alert color={state === "confirmada" ? "teal" : "gray"} role="status">
              {CLOSED[state] ?? CLOSED.caducada}
            </Alert>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
