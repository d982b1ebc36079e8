import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useSearchParams } from "react-router";
import { AreaBackLink } from "#app/features/visita/area-back-link";
import { PromotionForm } from "#app/features/visita/promotion-form";
import { useFormFailure } from "#app/lib/form";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/edit-promotion";
import { loadEditPromotion, promotionFormAction } from "./promotions.server";

/** visitador/edit-promo/{idPromo} (product-spec §2): its author (or their laboratory's marketing) edits or publishes it. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadEditPromotion(context, request, params);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return promotionFormAction(context, request, { promotionParam: params.idPromo });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `Editar promoción: ${data.promotion.titulo}` : "Editar promoción" }, { name: "robots", content: "noindex" }];
}

export default function EditPromo({ loaderData, actionData }: Route.ComponentProps) {
  const { promotion, today } = loaderData;
  const [searchParams] = useSearchParams();
  const saved = searchParams.has("guardado");
  const form = useFormFailure(actionData);
  return (
    <PageContainer>
      <Stack gap="lg" maw={820}>
        <AreaBackLink />
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              Editar promoción
            </Title>
            <Badge variant="light">{promotion.estado_texto}</Badge>
          </Group>
          <Text fw={600}>
            {promotion.producto.nombre} · {promotion.producto.laboratorio.nombre}
          </Text>
          <Anchor
            component={Link}
            to={linkTo("laboratorio-promocion", { slug: promotion.producto.laboratorio.slug, idPromo: promotion.id })}
            size="sm"
          >
            {promotion.estado === "activa" ? "Ver la página pública" : "Vista previa"}
          </Anchor>
        </Stack>
        {saved && !actionData ? (
          <Alert color="green" role="status">
            Borrador guardado.
          </Alert>
        ) : null}
        {searchParams.has("finalizada") ? (
          <Alert color="green" role="status">
            Promoción finalizada: ya no se muestra.
          </Alert>
        ) : null}
        {promotion.estado === "activa" ? (
          <Form method="post">
            <Group gap="sm">
              <Button type="submit" name="intent" value="finalizar" color="red" variant="light">
                Finalizar ahora
              </Button>
              <Text size="sm" c="gray.7">
                Deja de mostrarse al momento (por ejemplo, si se han agotado las muestras).
              </Text>
            </Group>
          </Form>
        ) : null}
        {promotion.retirada ? (
          <Alert color="red" title="Retirada por moderación" role="alert">
            Un moderador retiró esta promoción: ya no se muestra ni se puede editar. Motivo: {promotion.retirada.motivo}
          </Alert>
        ) : (
          <PromotionForm
            defaults={promotion}
            failure={form}
            today={today}
            imageUrl={promotion.imagen_url}
            published={promotion.estado !== "borrador"}
          />
        )}
      </Stack>
    </PageContainer>
  );
}
