import { Alert, Anchor, Badge, Button, Card, Group, Image, Stack, Table, Text, Textarea, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "#app/features/admin/format";
import { useFormFailure } from "#app/lib/form";
import { Grid } from "#app/ui/grid";
import { linkTo } from "#common/route-names";
import { REVISION_STATUS_LABELS } from "#common/visita/vocabulary";
import type { Route } from "./+types/revision";
import { loadRevisionReview, revisionReviewAction } from "./revisions.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadRevisionReview(context, request, params);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return revisionReviewAction(context, request, params);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.revision.nombre ?? "Propuesta"} · Propuestas del catálogo` }, { name: "robots", content: "noindex" }];
}

/** One proposal: every field beside the product's current value, changes highlighted; approve or reject with a reason. */
export default function RevisionReview({ loaderData, actionData }: Route.ComponentProps) {
  const { revision, autor, comparacion, desactualizada, imagen_actual } = loaderData;
  const navigation = useNavigation();
  const { failure: failed, formRef } = useFormFailure(actionData);
  const isNew = revision.tipo === "nuevo";
  const pending = revision.estado === "pendiente";
  const changed = comparacion.filter((f) => f.cambia).length;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={linkTo("admin-revisiones")} size="sm">
        ‹ Volver a la cola
      </Anchor>
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={1} size="h2">
            {revision.nombre}
          </Title>
          <Badge variant="light">{REVISION_STATUS_LABELS[revision.estado]}</Badge>
        </Group>
        <Text c="gray.7">
          {isNew ? "Producto nuevo" : `Cambios a «${revision.producto?.nombre ?? ""}» (${changed} ${changed === 1 ? "campo" : "campos"})`} ·
          propuesta de {autor.nombre}
          {autor.email ? ` (${autor.email})` : ""} · <time dateTime={revision.creado_en}>{formatDateTime(revision.creado_en)}</time>
        </Text>
        {revision.producto ? (
          <Anchor href={revision.producto.url} target="_blank" size="sm">
            Ver la ficha actual
          </Anchor>
        ) : null}
      </Stack>
      {revision.comentario ? (
        <Alert color="gray" title="Nota del autor">
          <Text style={{ whiteSpace: "pre-wrap" }}>{revision.comentario}</Text>
        </Alert>
      ) : null}
      {desactualizada && pending ? (
        <Alert color="orange" title="El producto ha cambiado desde la propuesta">
          Otro cambio se aprobó después de que se hiciera esta propuesta. No se puede aplicar tal cual: recházala explicando que la rehagan.
        </Alert>
      ) : null}
      {revision.motivo ? (
        <Alert color="red" title="Motivo del rechazo">
          {revision.motivo}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" withTableBorder withColumnBorders layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={180}>Campo</Table.Th>
              {isNew ? null : <Table.Th>{revision.estado === "aprobada" ? "Antes" : "Ahora"}</Table.Th>}
              <Table.Th>{isNew ? "Propuesto" : "Propuesta"}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {comparacion.map((fact) => (
              <Table.Tr key={fact.campo} bg={!isNew && fact.cambia ? "yellow.0" : undefined}>
                <Table.Th>
                  {fact.etiqueta}
                  {!isNew && fact.cambia ? (
                    <Badge ml={6} size="xs" color="orange" variant="light">
                      cambia
                    </Badge>
                  ) : null}
                </Table.Th>
                {isNew ? null : <Table.Td style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{fact.actual}</Table.Td>}
                <Table.Td style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{fact.valor}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Grid>
        {imagen_actual ? (
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Text fw={600} mb={4}>
              Imagen actual
            </Text>
            <Image src={imagen_actual} alt="Imagen actual del producto" maw={320} radius="md" />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Text fw={600} mb={4}>
            {revision.imagen_url
              ? "Imagen propuesta"
              : isNew
                ? "Sin imagen propuesta (se dibuja la caja)"
                : "Sin imagen nueva (se mantiene la actual)"}
          </Text>
          <Image
            src={revision.imagen_url ?? `/api/visita/revisiones/${revision.id}/imagen`}
            alt="Imagen de la propuesta"
            maw={320}
            radius="md"
          />
        </Grid.Col>
      </Grid>
      {pending ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            {failed ? (
              <Alert color="red" role="alert" title="No se ha hecho">
                {failed.message}
                {Object.entries(failed.errors)
                  .filter(([key]) => key !== "motivo")
                  .map(([, messages]) => ` ${messages.join(" ")}`)
                  .join("")}
              </Alert>
            ) : null}
            <Form method="post">
              <Button
                type="submit"
                name="intent"
                value="aprobar"
                color="teal"
                disabled={desactualizada}
                loading={navigation.formData?.get("intent") === "aprobar"}
              >
                Aprobar y publicar
              </Button>
            </Form>
            <Form method="post" ref={formRef}>
              <Stack gap="xs">
                <Textarea
                  name="motivo"
                  label="Motivo del rechazo"
                  description="El autor lo recibirá por correo y en su perfil."
                  defaultValue={failed?.values.motivo ?? ""}
                  error={failed?.errors.motivo?.[0]}
                  autosize
                  minRows={2}
                  maxLength={1000}
                />
                <Group>
                  <Button
                    type="submit"
                    name="intent"
                    value="rechazar"
                    color="red"
                    variant="light"
                    loading={navigation.formData?.get("intent") === "rechazar"}
                  >
                    Rechazar
                  </Button>
                </Group>
              </Stack>
            </Form>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
