import { Anchor, Stack, Text, Title } from "@mantine/core";
import { NewsCard } from "#app/features/news/news-card";
import { NewsNav } from "#app/features/news/news-nav";
import { NextPage } from "#app/features/news/next-page";
import { metaDescription, siteImageMeta } from "#app/lib/share-meta";
import { PageContainer } from "#app/ui/layout/app-layout";
import type { Route } from "./+types/list";
import { loadNewsList } from "./news.server";

/** noticias-area and noticias-categoria (product-spec §2 "News"): one list page, two route ids. */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const kind = url.pathname.includes("/noticias/area/") ? "area" : "category";
  const p = params as { area?: string; category?: string; id?: string };
  return loadNewsList(context, url, kind, { id: p.id, slug: kind === "area" ? p.area : p.category });
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Página no encontrada" }];
  const heading = data.kind === "area" ? `Noticias de ${data.taxon.nombre}` : data.taxon.nombre;
  const title = `${heading} · ${data.brandName}`;
  const description = data.taxon.descripcion || `${heading}: la actualidad del sector farmacéutico y sanitario en ${data.brandName}.`;
  return [
    { title },
    { name: "description", content: metaDescription(description) },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title, href: data.rssUrl },
    { property: "og:title", content: heading },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: data.canonicalUrl },
    { property: "og:site_name", content: data.brandName },
    { property: "og:locale", content: "es_ES" },
    ...siteImageMeta({ url: data.canonicalUrl, title: heading, description, brandName: data.brandName }),
    ...(data.isFirstPage ? [] : [{ name: "robots", content: "noindex, follow" }]),
  ];
}

export default function NewsList({ loaderData }: Route.ComponentProps) {
  const { kind, taxon, page, areas } = loaderData;
  return (
    <PageContainer>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{kind === "area" ? taxon.nombre : `Noticias: ${taxon.nombre}`}</Title>
          {taxon.descripcion ? <Text c="gray.8">{taxon.descripcion}</Text> : null}
          <NewsNav areas={areas} currentAreaId={kind === "area" ? taxon.id : undefined} />
        </Stack>
        <Stack gap="lg">
          {page.items.length === 0 ? <Text>Todavía no hay noticias aquí.</Text> : null}
          {page.items.map((item, i) => (
            <NewsCard key={item.id} item={item} variant="row" headingLevel={2} eager={i === 0} />
          ))}
          <NextPage cursor={page.next_cursor} />
        </Stack>
        <Text size="sm">
          <Anchor href={loaderData.rssUrl}>Suscríbete por RSS</Anchor>
        </Text>
      </Stack>
    </PageContainer>
  );
}
