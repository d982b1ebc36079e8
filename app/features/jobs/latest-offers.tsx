import { Container, Group, Title } from "@mantine/core";
import { SimpleGrid } from "#app/ui/grid";
import { PlainButton } from "#app/ui/plain-button";
import { linkTo } from "#common/route-names";
import type { OfferSummary } from "#server/jobs";
import { OfferCard } from "./offer-card";

/** Home page section: the newest offers, with a way into the full listing. */
export function LatestOffers({ items, now }: { items: OfferSummary[]; now: string }) {
  return (
    <OfferSection
      items={items}
      now={now}
      id="latest-offers-title"
      title="Últimas ofertas de empleo"
      link={{ to: linkTo("empleo", { pais: "espana" }), label: "Ver todas las ofertas" }}
      py="xl"
    />
  );
}

/** Home page section for a signed-in candidate: offers ranked by their alerts and applications. */
export function RecommendedOffers({ items, now }: { items: OfferSummary[]; now: string }) {
  return (
    <OfferSection
      items={items}
      now={now}
      id="recommended-offers-title"
      title="Ofertas recomendadas para ti"
      link={{ to: linkTo("empleo-alertas"), label: "Mis alertas" }}
      pt="xl"
    />
  );
}

/** A home page section of offer cards under a heading and one link; nothing when there are none. */
function OfferSection({
  items,
  now,
  id,
  title,
  link,
  py,
  pt,
}: {
  items: OfferSummary[];
  now: string;
  id: string;
  title: string;
  link: { to: string; label: string };
  py?: "xl";
  pt?: "xl";
}) {
  if (!items.length) return null;
  return (
    <Container size="lg" py={py} pt={pt} component="section" aria-labelledby={id}>
      <Group justify="space-between" align="flex-end" mb="lg">
        <Title id={id} order={2}>
          {title}
        </Title>
        <PlainButton to={link.to} variant="light">
          {link.label}
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
