import { Stack, Text, Title } from "@mantine/core";
import { AreaBackLink } from "#app/features/visita/area-back-link";
import { PromotionForm } from "#app/features/visita/promotion-form";
import { useFormFailure } from "#app/lib/form";
import { PageContainer } from "#app/ui/layout/app-layout";
import type { Route } from "./+types/create-promotion";
import { loadCreatePromotion, promotionFormAction } from "./promotions.server";

/** visitador/crear-promocion/{idProd} (product-spec §2): a new promotion of a product in one's portfolio or laboratory. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadCreatePromotion(context, request, params);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return promotionFormAction(context, request, { productParam: params.idProd });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `Nueva promoción: ${data.product.nombre}` : "Nueva promoción" }, { name: "robots", content: "noindex" }];
}

export default function CrearPromocion({ loaderData, actionData }: Route.ComponentProps) {
  const { product, today } = loaderData;
  const form = useFormFailure(actionData);
  return (
    <PageContainer>
      <Stack gap="lg" maw={820}>
        <AreaBackLink />
        <Stack gap={4}>
          <Title order={1} size="h2">
            Nueva promoción
          </Title>
          <Text fw={600}>
            {product.nombre} · {product.laboratorio}
          </Text>
        </Stack>
        <PromotionForm
          defaults={{ tipo: "", titulo: "", descripcion: "", condiciones: "", fecha_inicio: today, fecha_fin: "" }}
          failure={form}
          today={today}
          imageUrl={null}
          published={false}
        />
      </Stack>
    </PageContainer>
  );
}
