import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "react-router";
import { DemoNote } from "#app/features/visita/demo-note";
import { ProductBadges } from "#app/features/visita/product-badges";
import { ProductDetail } from "#app/features/visita/product-detail";
import { useFormFailure } from "#app/lib/form";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo, linkToAppPath } from "#common/route-names";
import { REVISION_STATUS_LABELS } from "#common/visita/vocabulary";
import type { Route } from "./+types/product-edit-preview";
import { loadPreview, previewAction } from "./proposals.server";

/** preview-editar-producto?revision=: the proposal exactly as its product page will look, before it is sent. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadPreview(context, request, url);
}

export async function action({ context, request, url }: Route.ActionArgs) {
  return previewAction(context, request, url);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `Vista previa: ${data.product.nombre}` : "Vista previa" }, { name: "robots", content: "noindex" }];
}

export default function PreviewEditarProducto({ loaderData, actionData }: Route.ComponentProps) {
  const { revision, product, editUrl } = loaderData;
  const navigation = useNavigation();
  const draft = revision.estado === "borrador";
  const { failure, errors } = useFormFailure(actionData);
  return (
    <PageContainer>
      <Stack gap="lg">
        <Alert
          color="blue"
          variant="light"
          title={draft ? "Vista previa: todavía no se ha enviado" : REVISION_STATUS_LABELS[revision.estado]}
        >
          <Stack gap="sm">
            <Text size="sm">
              {draft
                ? revision.tipo === "nuevo"
                  ? "Así se verá la ficha del producto cuando un moderador apruebe tu propuesta."
                  : "Así se verá la ficha con tus cambios cuando un moderador los apruebe."
                : "Esta propuesta ya está enviada."}
            </Text>
            {failure ? (
              <Text size="sm" c="red.8" role="alert">
                {failure.message}{" "}
                {Object.values(errors ?? {})
                  .flat()
                  .join(" ")}
              </Text>
            ) : null}
            {draft ? (
              <Group gap="sm">
                <Form method="post">
                  <Button type="submit" name="intent" value="submit" loading={navigation.state === "submitting"}>
                    Enviar a revisión
                  </Button>
                </Form>
                <Button component={Link} to={linkToAppPath(editUrl)} variant="default">
                  Seguir editando
                </Button>
              </Group>
            ) : (
              <Group>
                <Button component={Link} to={linkTo("visitadorPage")} variant="default">
                  Ir a mi perfil
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
        <Stack gap={6} component="header">
          <Title order={1} size="h2">
            {product.nombre}
          </Title>
          <Text fw={600} c="gray.8">
            {product.laboratorio.nombre}
          </Text>
          <ProductBadges product={{ requiere_receta: product.requiere_receta, detalle: product.detalle }} />
        </Stack>
        <ProductDetail product={product} />
        <DemoNote />
      </Stack>
    </PageContainer>
  );
}
