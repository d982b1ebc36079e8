import { Alert, Anchor, Breadcrumbs, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { offerLink } from "#app/features/jobs/offer-card";
import { OfferForm } from "#app/features/jobs/offer-form";
import { OfferStatusBadge } from "#app/features/jobs/status-badge";
import { useFormFailure } from "#app/lib/form";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/offer-edit";
import { loadOfferEditor, saveOfferFromForm } from "./offer-edit.server";

export async function loader({ context, url, params }: Route.LoaderArgs) {
  return loadOfferEditor(context, url, params);
}

export async function action({ context, request, url, params }: Route.ActionArgs) {
  return saveOfferFromForm(context, request, url, params);
}

export function meta({ data }: Route.MetaArgs) {
  const title = data?.offer ? `Editar «${data.offer.titulo}»` : "Nueva oferta";
  return [{ title: `${title} · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

export default function OfferEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { offer } = loaderData;
  const form = useFormFailure(actionData);
  return (
    <PageContainer>
      <Stack gap="lg" maw={900}>
        <Breadcrumbs separator="›">
          <Anchor component={Link} to={linkTo("empleo-panel")} size="sm">
            Panel de empleo
          </Anchor>
          <Text size="sm" c="gray.7" aria-current="page">
            {offer ? "Editar oferta" : "Nueva oferta"}
          </Text>
        </Breadcrumbs>
        <Stack gap={4}>
          <Title order={1}>{offer ? "Editar oferta" : "Nueva oferta"}</Title>
          {offer ? (
            <Text c="gray.7" component="div">
              <OfferStatusBadge status={offer.status} />{" "}
              <Anchor component={Link} to={offerLink(offer)} size="sm">
                {offer.status === "borrador" ? "Vista previa" : "Ver la oferta publicada"}
              </Anchor>
            </Text>
          ) : loaderData.empresa ? (
            <Text c="gray.7">Se publicará a nombre de {loaderData.empresa}.</Text>
          ) : null}
        </Stack>
        {loaderData.notice ? (
          <Alert color="teal" role="status">
            {loaderData.notice}
          </Alert>
        ) : null}
        <OfferForm
          values={loaderData.values}
          cargos={loaderData.cargos}
          paises={loaderData.paises}
          estados={loaderData.estados}
          delegaciones={loaderData.delegaciones}
          minDate={loaderData.minDate}
          maxDate={loaderData.maxDate}
          failure={form}
          canPublish={offer?.status !== "publicada"}
        />
      </Stack>
    </PageContainer>
  );
}
