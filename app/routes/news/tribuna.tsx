import { Anchor, Avatar, Breadcrumbs, Divider, Group, Stack, Text, Title, Typography } from "@mantine/core";
import { Link } from "react-router";
import { formatNewsDate } from "#app/features/news/format";
import { toLink } from "#app/features/news/news-card";
import { TribunaList } from "#app/features/news/tribuna-list";
import { pageMeta, shareCardUrl } from "#app/lib/share-meta";
import { JsonLd } from "#app/ui/json-ld";
import { PageContainer } from "#app/ui/layout/app-layout";
import { PlainAlert } from "#app/ui/plain-alert";
import { ShareLinks } from "#app/ui/share-links";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/tribuna";
import { loadTribuna } from "./tribunas.server";

export async function loader({ context, url, params }: Route.LoaderArgs) {
  return loadTribuna(context, url, params);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Tribuna no encontrada" }];
  const { tribuna, brandName, canonicalUrl } = data;
  const title = tribuna.autor ? `${tribuna.titulo}, por ${tribuna.autor.nombre}` : tribuna.titulo;
  return [
    ...pageMeta({
      title,
      description: tribuna.entradilla,
      url: canonicalUrl,
      type: "article",
      image: shareCardUrl(new URL(canonicalUrl).origin, "tribuna", tribuna.id),
      imageAlt: `${tribuna.titulo}: tribuna de opinión${tribuna.autor ? ` de ${tribuna.autor.nombre}` : ""}`,
      brandName,
    }),
    { property: "article:published_time", content: tribuna.publicada_en },
    { property: "article:section", content: "Tribunas" },
    ...(tribuna.autor ? [{ property: "article:author", content: tribuna.autor.nombre }] : []),
    ...(data.isPreview ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

export default function TribunaPage({ loaderData }: Route.ComponentProps) {
  const { tribuna, others, canonicalUrl, isPreview } = loaderData;
  const autor = tribuna.autor;
  return (
    <PageContainer>
      {loaderData.article ? <JsonLd data={loaderData.article} /> : null}
      {loaderData.breadcrumbLd ? <JsonLd data={loaderData.breadcrumbLd} /> : null}
      <Stack gap="lg" maw={760} mx="auto">
        <Breadcrumbs separator="›">
          <Anchor component={Link} to={linkTo("noticias-index")} size="sm">
            Noticias
          </Anchor>
          <Anchor component={Link} to={linkTo("tribunas")} size="sm">
            Tribunas
          </Anchor>
        </Breadcrumbs>
        {isPreview ? (
          <PlainAlert color="blue" title="Vista previa">
            Esta tribuna todavía no está publicada: solo la ve la redacción.
          </PlainAlert>
        ) : null}
        <article>
          <Stack gap="md">
            <Stack gap={8} component="header">
              <Text size="sm" fw={700} tt="uppercase" c="teal.9">
                Tribuna
              </Text>
              <Title order={1} lh={1.2}>
                {tribuna.titulo}
              </Title>
              <Text size="xl" c="gray.8">
                {tribuna.entradilla}
              </Text>
              {autor ? (
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={autor.foto_url} alt="" size={56} radius="xl">
                    {autor.nombre.charAt(0)}
                  </Avatar>
                  <Stack gap={0}>
                    <Anchor component={Link} to={toLink(autor.url)} fw={700} c="inherit" rel="author">
                      {autor.nombre}
                    </Anchor>
                    <Text size="sm" c="gray.7">
                      {[autor.cargo, autor.empresa].filter(Boolean).join(" en ")}
                    </Text>
                  </Stack>
                </Group>
              ) : null}
              <Text size="sm" c="gray.7">
                <time dateTime={tribuna.publicada_en}>{formatNewsDate(tribuna.publicada_en)}</time>
              </Text>
            </Stack>
            {tribuna.imagen ? (
              <figure style={{ margin: 0 }}>
                <img
                  src={tribuna.imagen.url}
                  alt={tribuna.imagen.alt}
                  width={960}
                  height={540}
                  style={{ width: "100%", height: "auto", borderRadius: "var(--mantine-radius-md)", display: "block" }}
                />
                {tribuna.imagen.pie ? (
                  <Text component="figcaption" size="sm" c="gray.7" mt={6}>
                    {tribuna.imagen.pie}
                  </Text>
                ) : null}
              </figure>
            ) : null}
            <Typography>
              {/* Safe: cuerpo_html is sanitised on the server (server/news/html.ts) when saved. */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side, see above. */}
              <div dangerouslySetInnerHTML={{ __html: tribuna.cuerpo_html }} />
            </Typography>
            <ShareLinks url={canonicalUrl} title={tribuna.titulo} />
          </Stack>
        </article>
        {others.length && autor ? (
          <Stack component="section" aria-labelledby="otras" gap="md">
            <Divider />
            <Title order={2} id="otras" size="h3">
              Otras tribunas de {autor.nombre}
            </Title>
            <TribunaList items={others} compact />
          </Stack>
        ) : null}
      </Stack>
    </PageContainer>
  );
}
