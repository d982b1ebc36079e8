import { Anchor, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { NewsCard, toLink } from "#app/features/news/news-card";
import { NewsNav } from "#app/features/news/news-nav";
import { NextPage } from "#app/features/news/next-page";
import { TribunaList } from "#app/features/news/tribuna-list";
import { metaDescription, siteImageMeta } from "#app/lib/share-meta";
import { Grid, SimpleGrid } from "#app/ui/grid";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/index";
import { loadNewsIndex } from "./news.server";

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadNewsIndex(context, url);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Noticias" }];
  const title = data.q
    ? `Noticias sobre «${data.q}» · ${data.brandName}`
    : `Noticias del sector farmacéutico y sanitario · ${data.brandName}`;
  const description = `La actualidad de la industria farmacéutica, la I+D, la regulación, la farmacia, la distribución, el marketing y los recursos humanos del sector, en ${data.brandName}.`;
  return [
    { title },
    { name: "description", content: metaDescription(description) },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: `${data.brandName} · Noticias`, href: data.rssUrl },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: data.canonicalUrl },
    { property: "og:site_name", content: data.brandName },
    { property: "og:locale", content: "es_ES" },
    ...siteImageMeta({ url: data.canonicalUrl, title: title, description, brandName: data.brandName }),
    // Searches and later pages repeat content of the index: followed, not indexed.
    ...(data.home ? [] : [{ name: "robots", content: "noindex, follow" }]),
  ];
}

export default function NewsIndex({ loaderData }: Route.ComponentProps) {
  const { home, search, latest, areas, q, tribunas } = loaderData;
  return (
    <PageContainer>
      <Stack gap="xl">
        <Stack gap="sm">
          <Group justify="space-between" align="baseline" gap="sm">
            <Title order={1}>{search ? `Resultados para «${q}»` : "Noticias"}</Title>
            {/* A plain link: the feed is XML, not a page of the app. */}
            <Anchor href={loaderData.rssUrl} size="sm">
              Suscríbete por RSS
            </Anchor>
          </Group>
          <NewsNav areas={areas} q={q} />
        </Stack>
        {search ? (
          <Stack gap="lg">
            <Text role="status" c="gray.8">
              {search.total === 0
                ? "No hay noticias que coincidan con tu búsqueda. Prueba con otras palabras."
                : `${search.total.toLocaleString("es-ES")} ${search.total === 1 ? "noticia" : "noticias"}, las más relevantes primero.`}
            </Text>
            {search.items.map((item, i) => (
              <NewsCard key={item.id} item={item} variant="row" headingLevel={2} eager={i === 0} />
            ))}
            <NextPage cursor={search.next_cursor} q={q} />
          </Stack>
        ) : null}
        {latest ? (
          <Stack gap="lg">
            {latest.items.map((item, i) => (
              <NewsCard key={item.id} item={item} variant="row" headingLevel={2} eager={i === 0} />
            ))}
            <NextPage cursor={latest.next_cursor} />
          </Stack>
        ) : null}
        {home ? (
          <>
            {home.main ? (
              <section aria-label="Noticia principal">
                <NewsCard item={home.main} variant="lead" headingLevel={2} eager />
              </section>
            ) : (
              <Text>Todavía no hay noticias publicadas.</Text>
            )}
            <Grid gap="xl">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Stack component="section" aria-labelledby="ultimas" gap="md">
                  <Title order={2} id="ultimas" size="h3">
                    Últimas noticias
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="xl">
                    {home.latest.map((item) => (
                      <NewsCard key={item.id} item={item} />
                    ))}
                  </SimpleGrid>
                  <NextPage cursor={home.more_cursor} label="Más noticias" />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Stack component="aside" aria-labelledby="tribunas-title" gap="md">
                  <Title order={2} id="tribunas-title" size="h3">
                    Tribunas
                  </Title>
                  <TribunaList items={tribunas} compact />
                  <Anchor component={Link} to={linkTo("tribunas")}>
                    Todas las tribunas
                  </Anchor>
                </Stack>
              </Grid.Col>
            </Grid>
            {home.byArea.map((group) => (
              <Stack key={group.area.id} component="section" aria-labelledby={`area-${group.area.id}`} gap="md">
                <Divider />
                <Group justify="space-between">
                  <Title order={2} id={`area-${group.area.id}`} size="h3">
                    {group.area.nombre}
                  </Title>
                  <Anchor component={Link} to={toLink(group.area.url)}>
                    Más de {group.area.nombre}
                  </Anchor>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
                  {group.items.map((item) => (
                    <NewsCard key={item.id} item={item} />
                  ))}
                </SimpleGrid>
              </Stack>
            ))}
          </>
        ) : null}
      </Stack>
    </PageContainer>
  );
}
