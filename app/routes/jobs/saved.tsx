import { Badge, Button, Group, Title } from "@mantine/core";
import { useFetcher } from "react-router";
import { CandidateNav } from "#app/features/jobs/candidate-nav";
import { EmptyCard } from "#app/features/jobs/empty-card";
import { OfferCard } from "#app/features/jobs/offer-card";
import { listSavedOffers, unsaveOffer } from "#app/routes/jobs/jobs.server";
import { SimpleGrid } from "#app/ui/grid";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import type { SavedOfferView } from "#server/jobs";
import type { Route } from "./+types/saved";
import { applyToOffers, assertCan, EVERY_REFUSAL, formMutation, idParam } from "./jobs.server";

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = assertCan(context, url, applyToOffers);
  return {
    saved: await listSavedOffers(context.app, user),
    now: new Date().toISOString(),
    brandName: context.app.config.brandName,
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const user = assertCan(context, url, applyToOffers);
  return formMutation(
    request,
    async (form) => {
      await unsaveOffer(context.app, user, idParam(String(form.get("oferta") ?? "")));
      return { ok: true as const };
    },
    { inline: EVERY_REFUSAL },
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Ofertas guardadas · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

export default function Guardadas({ loaderData }: Route.ComponentProps) {
  const { saved, now } = loaderData;
  return (
    <PageContainer>
      <Title order={1} mb="md">
        Ofertas guardadas
      </Title>
      <CandidateNav current="empleo-guardadas" />
      {saved.length === 0 ? (
        <EmptyCard title="No tienes ofertas guardadas" action={{ label: "Buscar ofertas", to: linkTo("empleo") }}>
          Pulsa «Guardar oferta» en cualquier oferta para tenerla a mano y decidir más tarde.
        </EmptyCard>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {saved.map((item) => (
            <SavedItem key={item.oferta.id} item={item} now={now} />
          ))}
        </SimpleGrid>
      )}
    </PageContainer>
  );
}

function SavedItem({ item, now }: { item: SavedOfferView; now: string }) {
  const fetcher = useFetcher();
  if (fetcher.formData) return null; // Removed optimistically; the loader confirms it.
  return (
    <OfferCard offer={item.oferta} now={now} headingOrder={2} showSnippet={false}>
      <Group justify="space-between" mt="xs">
        {item.oferta.isOpen ? <span /> : <Badge color="gray">Oferta cerrada</Badge>}
        <fetcher.Form method="post">
          <input type="hidden" name="oferta" value={item.oferta.id} />
          <Button type="submit" variant="subtle" color="red" size="xs" aria-label={`Quitar «${item.oferta.titulo}» de guardadas`}>
            Quitar
          </Button>
        </fetcher.Form>
      </Group>
    </OfferCard>
  );
}
