import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { ProposalForm } from "#app/features/visita/proposal-form";
import { useFormFailure } from "#app/lib/form";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkToAppPath } from "#common/route-names";
import { DEFAULT_TABS } from "#common/visita/vocabulary";
import type { Route } from "./+types/suggest-changes";
import { loadProposalForm, proposalFormAction } from "./proposals.server";

/** visitador/sugerir-cambios/{idProd} (product-spec §2, default tab=editarProducto): propose changes to a catalogue product. */
export async function loader({ context, request, url, params }: Route.LoaderArgs) {
  return loadProposalForm(context, request, url, params.idProd);
}

export async function action({ context, request, url, params }: Route.ActionArgs) {
  return proposalFormAction(context, request, url, params.idProd);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.product ? `Sugerir cambios: ${data.product.nombre}` : "Sugerir cambios" }, { name: "robots", content: "noindex" }];
}

export default function SugerirCambios({ loaderData, actionData }: Route.ComponentProps) {
  const form = useFormFailure(actionData);
  const { product } = loaderData;
  return (
    <PageContainer>
      <Stack gap="lg" maw={900}>
        {product ? (
          <Anchor component={Link} to={linkToAppPath(product.url)} size="sm">
            ‹ Volver a la ficha de {product.nombre}
          </Anchor>
        ) : null}
        <Stack gap={4}>
          <Title order={1} size="h2">
            Sugerir cambios
          </Title>
          <Text c="gray.7">
            Corrige o completa los datos de {product?.nombre ?? "este producto"}. Un moderador verá tus cambios junto a los datos actuales
            antes de aplicarlos, y te avisaremos por correo.
          </Text>
        </Stack>
        <ProposalForm
          firstTab={DEFAULT_TABS.sugerirCambios}
          initial={loaderData.initial}
          laboratories={loaderData.laboratories}
          imageUrl={loaderData.imageUrl}
          failure={form}
          submitLabel="Ver cómo quedará"
        />
      </Stack>
    </PageContainer>
  );
}
