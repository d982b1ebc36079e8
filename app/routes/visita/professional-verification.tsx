import { Alert, Anchor, Button, Card, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "react-router";
import { VerificationRequests } from "#app/features/visita/verification-requests";
import { useFormFailure } from "#app/lib/form";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo, linkToAppPath } from "#common/route-names";
import type { Route } from "./+types/professional-verification";
import { loadVerificacionProf, verificacionProfAction } from "./verifications.server";

/** visitador/verificacion-prof/{idProd}/{idVerif}/{isRev}: ask a professional to confirm a visit. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadVerificacionProf(context, request, params);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return verificacionProfAction(context, request, params);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = { title: "Pedir una verificación" };

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data ? `Pedir una verificación: ${data.entry.producto.nombre}` : "Pedir una verificación" },
    { name: "robots", content: "noindex" },
  ];
}

export default function VerificacionProf({ loaderData, actionData }: Route.ComponentProps) {
  const { entry, requests, selected, provinces } = loaderData;
  const navigation = useNavigation();
  const { failure: failed, formRef } = useFormFailure(actionData);
  const shown = selected ? [selected] : requests;
  return (
    <PageContainer>
      <Stack gap="lg" maw={760}>
        <Anchor component={Link} to={linkTo("visitadorPage")} size="sm">
          ‹ Volver a mi perfil de visitador
        </Anchor>
        <Stack gap={4}>
          <Title order={1} size="h2">
            Pedir una verificación
          </Title>
          <Text>
            <Anchor component={Link} to={linkToAppPath(entry.producto.url)} fw={600}>
              {entry.producto.nombre}
            </Anchor>{" "}
            · {entry.producto.laboratorio.nombre}
          </Text>
          <Text c="gray.7" size="sm">
            Enviaremos al profesional sanitario un correo con un enlace para que confirme que le presentas este producto. No necesita
            cuenta; el enlace sirve una vez y caduca en 30 días. Cada profesional cuenta una vez al año por producto.
          </Text>
        </Stack>
        {selected ? null : (
          <Card withBorder radius="md" padding="lg">
            <Form method="post" noValidate ref={formRef}>
              <Stack gap="md">
                {failed ? (
                  <Alert color="red" title="No se ha enviado" role="alert">
                    {failed.message}
                  </Alert>
                ) : null}
                <TextInput
                  label="Nombre del profesional"
                  name="nombre"
                  required
                  autoComplete="off"
                  defaultValue={failed?.values.nombre}
                  error={failed?.errors.nombre?.[0]}
                />
                <TextInput
                  label="Correo electrónico"
                  name="email"
                  type="email"
                  required
                  autoComplete="off"
                  defaultValue={failed?.values.email}
                  error={failed?.errors.email?.[0]}
                />
                <Group grow align="flex-start" wrap="wrap">
                  <TextInput
                    label="Número de colegiado (opcional)"
                    name="num_colegiado"
                    defaultValue={failed?.values.num_colegiado}
                    error={failed?.errors.num_colegiado?.[0]}
                    miw={200}
                  />
                  <Select
                    label="Provincia (opcional)"
                    name="estado_id"
                    data={provinces}
                    searchable
                    clearable
                    defaultValue={failed?.values.estado_id || null}
                    nothingFoundMessage="Ninguna provincia coincide"
                    error={failed?.errors.estado_id?.[0]}
                    miw={200}
                  />
                </Group>
                <Group>
                  <Button type="submit" name="intent" value="request" loading={navigation.state === "submitting"}>
                    Enviar solicitud
                  </Button>
                </Group>
              </Stack>
            </Form>
          </Card>
        )}
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="solicitudes-title">
          <Title order={2} size="h4" mb="sm" id="solicitudes-title">
            {selected ? "Esta solicitud" : "Solicitudes de este producto"}
          </Title>
          {shown.length ? (
            <VerificationRequests requests={shown} productId={entry.producto.id} />
          ) : (
            <Text c="gray.7">Todavía no has pedido ninguna verificación de este producto.</Text>
          )}
        </Card>
      </Stack>
    </PageContainer>
  );
}
