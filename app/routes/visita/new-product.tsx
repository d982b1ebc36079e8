import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { ProposalForm } from "#app/features/visita/proposal-form";
import { useFormFailure } from "#app/lib/form";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import { DEFAULT_TABS } from "#common/visita/vocabulary";
import type { Route } from "./+types/new-product";
import { loadProposalForm, proposalFormAction } from "./proposals.server";

/** nuevo-producto (product-spec §2, default tab=datosObligatorios): propose a product the catalogue lacks. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadProposalForm(context, request, url, null);
}

export async function action({ context, request, url }: Route.ActionArgs) {
  return proposalFormAction(context, request, url, null);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta() {
  return [{ title: "Proponer un producto nuevo" }, { name: "robots", content: "noindex" }];
}

export default function NuevoProducto({ loaderData, actionData }: Route.ComponentProps) {
  const form = useFormFailure(actionData);
  return (
    <PageContainer>
      <Stack gap="lg" maw={900}>
        <Anchor component={Link} to={linkTo("search-product")} size="sm">
          ‹ Volver a buscar en el catálogo
        </Anchor>
        <Stack gap={4}>
          <Title order={1} size="h2">
            Proponer un producto nuevo
          </Title>
          <Text c="gray.7">
            ¿No encuentras un medicamento en el catálogo? Rellena sus datos: un moderador los revisará antes de publicarlo y te avisaremos
            por correo.
          </Text>
        </Stack>
        <ProposalForm
          firstTab={DEFAULT_TABS.nuevoProducto}
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
