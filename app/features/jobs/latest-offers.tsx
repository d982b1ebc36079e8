import { Container, Group, Title } from "@mantine/core";
import { SimpleGrid } from "#app/ui/grid";
import { PlainButton } from "#app/ui/plain-button";
import { linkTo } from "#common/route-names";
import type { OfferSummary } from "#server/jobs";
import { OfferCard } from "./offer-card";

/** Home page section: the newest offers, with a way into the full listing. */
export function LatestOffers({ items, now }: { items: OfferSummary[]; now: string }) {
  if (!items.length) return null;
  return (
    <Container size="lg" py="xl" component="section" aria-labelledby="latest-offers-title">
      <Group justify="space-between" align="flex-end" mb="lg">
        <Title id="latest-offers-title" order={2}>
          Últimas ofertas de empleo
        </Title>
        <PlainButton to={linkTo("empleo", { pais: "espana" })} variant="light">
          Ver todas las ofertas
        </PlainButton>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {items.map((offer) => (
          <OfferCard key={offer.id} offer={offer} now={now} showSnippet={false} />
        ))}
      </SimpleGrid>
    </Container>
  );
}

/** Home page section for a signed-in candidate: offers ranked by their alerts and applications. */
export function RecommendedOffers({ items, now }: { items: OfferSummary[]; now: string }) {
  if (!items.length) return null;
  return (
    <Container size="lg" pt="xl" component="section" aria-labelledby="recommended-offers-title">
      <Group justify="space-between" align="flex-end" mb="lg">
        <Title id="recommended-offers-title" order={2}>
          Ofertas recomendadas para ti
        </Title>
        <PlainButton to={linkTo("empleo-alertas")} variant="light">
          Mis alertas
        </PlainButton>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {items.map((offer) => (
          <OfferCard key={offer.id} offer={offer} now={now} showSnippet={false} />
        ))}
      </SimpleGrid>
    </Container>
  );
}
