import { Anchor, Card, Group, Stack, Text, Title } from "@mantine/core";
import { data, Link } from "react-router";
import { DemoNote } from "#app/features/visita/demo-note";
import { SearchBox } from "#app/features/visita/search-box";
import { can } from "#app/lib/page.server";
import { metaDescription, siteImageMeta } from "#app/lib/share-meta";
import { SimpleGrid } from "#app/ui/grid";
import { PageContainer } from "#app/ui/layout/app-layout";
import { PlainButton } from "#app/ui/plain-button";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/search";
import { loadCatalogueSearch } from "./catalogue.server";
import { keepPortfolio } from "./portfolio.server";

/** visita (product-spec §2): the catalogue's front page: search box and therapeutic groups. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { result } = await loadCatalogueSearch(context, request, new URL(url.pathname, url), 1);
  return data({
    brandName: context.app.config.brandName,
    canonicalUrl: `${context.app.config.appUrl}${url.pathname}`,
    total: result.total,
    groups: result.facets.atc,
    laboratories: result.facets.laboratorio.slice(0, 12),
    isRepresentative: can(context.user, keepPortfolio),
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Catálogo de medicamentos" }];
  const title = `Catálogo de medicamentos y visitadores · ${data.brandName}`;
  const description = `Busca entre ${data.total.toLocaleString("es-ES")} medicamentos por nombre, principio activo, laboratorio o código nacional y encuentra a los visitadores que los presentan en tu provincia.`;
  return [
    { title },
    { name: "description", content: metaDescription(description) },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    { property: "og:title", content: "Catálogo de medicamentos" },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: data.canonicalUrl },
    { property: "og:site_name", content: data.brandName },
    { property: "og:locale", content: "es_ES" },
    ...siteImageMeta({ url: data.canonicalUrl, title: "Catálogo de medicamentos", description, brandName: data.brandName }),
  ];
}

export default function VisitaSearch({ loaderData }: Route.ComponentProps) {
  const { total, groups, laboratories, isRepresentative } = loaderData;
  return (
    <PageContainer>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Catálogo de medicamentos</Title>
          <Text c="gray.7" size="lg">
            {total.toLocaleString("es-ES")} medicamentos con su ficha, sus presentaciones y los visitadores que los presentan en cada
            provincia.
          </Text>
        </Stack>
        <Card withBorder radius="md" padding="lg">
          <SearchBox autoFocus />
        </Card>
        {isRepresentative ? (
          <Group>
            <PlainButton to={linkTo("search-product")} variant="light">
              Añadir productos a mi cartera
            </PlainButton>
          </Group>
        ) : null}
        <section aria-labelledby="grupos-title">
          <Title order={2} size="h3" id="grupos-title" mb="sm">
            Por grupo terapéutico (ATC)
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {groups.map((group) => (
              <Card key={group.valor} withBorder radius="md" padding="sm" component={Link} to={linkTo("result", {}, { atc: group.valor })}>
                <Text fw={600}>{group.nombre}</Text>
                <Text size="sm" c="gray.7">
                  {group.count.toLocaleString("es-ES")} {group.count === 1 ? "medicamento" : "medicamentos"}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </section>
        <section aria-labelledby="labs-title">
          <Title order={2} size="h3" id="labs-title" mb="sm">
            Laboratorios con más medicamentos
          </Title>
          <Group gap="md">
            {laboratories.map((lab) => (
              <Anchor key={lab.valor} component={Link} to={linkTo("laboratorio", { slug: lab.valor })}>
                {lab.nombre} ({lab.count})
              </Anchor>
            ))}
          </Group>
          <Anchor component={Link} to={linkTo("laboratorios")} fw={600} mt="sm" display="inline-block">
            Todos los laboratorios
          </Anchor>
        </section>
        <DemoNote />
      </Stack>
    </PageContainer>
  );
}
