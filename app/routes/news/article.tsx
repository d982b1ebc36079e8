import { Anchor, Badge, Breadcrumbs, Divider, Group, Stack, Text, Title, Typography } from "@mantine/core";
import { Link } from "react-router";
import { formatNewsDateTime } from "#app/features/news/format";
import { NewsCard, toLink } from "#app/features/news/news-card";
import { pageMeta, shareCardUrl } from "#app/lib/share-meta";
import { SimpleGrid } from "#app/ui/grid";
import { JsonLd } from "#app/ui/json-ld";
import { PageContainer } from "#app/ui/layout/app-layout";
import { PlainAlert } from "#app/ui/plain-alert";
import { ShareLinks } from "#app/ui/share-links";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/article";
import { loadNoticia } from "./news.server";

export async function loader({ context, url, params }: Route.LoaderArgs) {
  return loadNoticia(context, url, params);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Noticia no encontrada" }];
  const { noticia, brandName, canonicalUrl } = data;
  return [
    // Its picture cropped to 1200×630 (or a card with its title) from /og/, where crawlers may go.
    ...pageMeta({
      title: noticia.titulo,
      description: noticia.entradilla,
      url: canonicalUrl,
      type: "article",
      image: shareCardUrl(new URL(canonicalUrl).origin, "noticia", noticia.id),
      imageAlt: noticia.imagen?.alt || noticia.titulo,
      brandName,
    }),
    { property: "article:published_time", content: noticia.publicada_en },
    { property: "article:modified_time", content: noticia.actualizada_en },
    { property: "article:section", content: noticia.area.nombre },
    ...(noticia.autor ? [{ property: "article:author", content: noticia.autor.nombre }] : []),
    ...noticia.etiquetas.map((tag) => ({ property: "article:tag", content: tag })),
    ...(data.isPreview ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

export default function NoticiaPage({ loaderData }: Route.ComponentProps) {
  const { noticia, related, canonicalUrl, isPreview } = loaderData;
  const edited = noticia.actualizada_en !== noticia.publicada_en;
  return (
    <PageContainer>
      {loaderData.newsArticle ? <JsonLd data={loaderData.newsArticle} /> : null}
      {loaderData.breadcrumbLd ? <JsonLd data={loaderData.breadcrumbLd} /> : null}
      <Stack gap="lg" maw={760} mx="auto">
        <Breadcrumbs separator="›" styles={{ root: { flexWrap: "wrap" } }}>
          <Anchor component={Link} to={linkTo("noticias-index")} size="sm">
            Noticias
          </Anchor>
          <Anchor component={Link} to={toLink(noticia.area.url)} size="sm">
            {noticia.area.nombre}
          </Anchor>
          <Anchor component={Link} to={toLink(noticia.categoria.url)} size="sm">
            {noticia.categoria.nombre}
          </Anchor>
        </Breadcrumbs>
        {isPreview ? (
          <PlainAlert color="blue" title="Vista previa">
            {noticia.status === "programada"
              ? `Esta noticia está programada para el ${formatNewsDateTime(noticia.publicada_en)}: así la verán los lectores.`
              : "Esta noticia es un borrador: solo la ve la redacción."}
          </PlainAlert>
        ) : null}
        <article>
          <Stack gap="md">
            <Stack gap={8} component="header">
              <Title order={1} lh={1.2}>
                {noticia.titulo}
              </Title>
              <Text size="xl" c="gray.8" lh={1.45}>
                {noticia.entradilla}
              </Text>
              <Text size="sm" c="gray.7">
                {noticia.autor ? (
                  <>
                    Por{" "}
                    <Anchor component={Link} to={toLink(noticia.autor.url)} fw={700} inherit underline="always" rel="author">
                      {noticia.autor.nombre}
                    </Anchor>
                    {noticia.autor.cargo ? `, ${noticia.autor.cargo}` : ""}
                    {" · "}
                  </>
                ) : null}
                <time dateTime={noticia.publicada_en}>{formatNewsDateTime(noticia.publicada_en)}</time>
                {edited ? (
                  <>
                    {" · Actualizada: "}
                    <time dateTime={noticia.actualizada_en}>{formatNewsDateTime(noticia.actualizada_en)}</time>
                  </>
                ) : null}
              </Text>
            </Stack>
            {noticia.imagen ? (
              <figure style={{ margin: 0 }}>
                <img
                  src={noticia.imagen.url}
                  alt={noticia.imagen.alt}
                  width={960}
                  height={540}
                  fetchPriority="high"
                  style={{ width: "100%", height: "auto", borderRadius: "var(--mantine-radius-md)", display: "block" }}
                />
                {noticia.imagen.pie ? (
                  <Text component="figcaption" size="sm" c="gray.7" mt={6}>
                    {noticia.imagen.pie}
                  </Text>
                ) : null}
              </figure>
            ) : null}
            <Typography>
              {/* Safe: cuerpo_html is sanitised on the server (sanitize-html, server/news/html.ts) when saved. */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side, see above. */}
              <div dangerouslySetInnerHTML={{ __html: noticia.cuerpo_html }} />
            </Typography>
            {noticia.etiquetas.length ? (
              <Group gap={6} role="group" aria-label="Etiquetas">
                {noticia.etiquetas.map((tag) => (
                  <Badge key={tag} variant="light" color="gray" tt="none">
                    {tag}
                  </Badge>
                ))}
              </Group>
            ) : null}
            <ShareLinks url={canonicalUrl} title={noticia.titulo} />
          </Stack>
        </article>
        {related.length ? (
          <Stack component="section" aria-labelledby="relacionadas" gap="md">
            <Divider />
            <Title order={2} id="relacionadas" size="h3">
              Noticias relacionadas
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {related.map((item) => (
                <NewsCard key={item.id} item={item} />
              ))}
            </SimpleGrid>
          </Stack>
        ) : null}
      </Stack>
    </PageContainer>
  );
}
