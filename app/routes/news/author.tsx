import { Anchor, Avatar, Breadcrumbs, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { formatNewsDate } from "#app/features/news/format";
import { toLink } from "#app/features/news/news-card";
import classes from "#app/features/news/news-card.module.css";
import { NextPage } from "#app/features/news/next-page";
import { pageMeta, shareImageUrl, siteImageAlt } from "#app/lib/share-meta";
import { JsonLd } from "#app/ui/json-ld";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/author";
import { loadNewsAuthor } from "./author.server";

export async function loader({ context, url, params }: Route.LoaderArgs) {
  return loadNewsAuthor(context, url, params);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Autor no encontrado" }];
  const { author, brandName, canonicalUrl } = data;
  const role = [author.cargo, author.empresa].filter(Boolean).join(" en ");
  return [
    ...pageMeta({
      title: author.nombre,
      description: author.bio || `Noticias y tribunas de ${author.nombre}${role ? `, ${role}` : ""}, en ${brandName}.`,
      url: canonicalUrl,
      type: "profile",
      image: shareImageUrl(new URL(canonicalUrl).origin),
      imageAlt: siteImageAlt(brandName),
      brandName,
    }),
    ...(data.isFirstPage ? [] : [{ name: "robots", content: "noindex, follow" }]),
  ];
}

const KIND_LABEL = { noticia: "Noticia", tribuna: "Tribuna" } as const;

export default function NewsAuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, items, next_cursor } = loaderData;
  const role = [author.cargo, author.empresa].filter(Boolean).join(" en ");
  return (
    <PageContainer>
      <JsonLd data={loaderData.profileLd} />
      <JsonLd data={loaderData.breadcrumbLd} />
      <Stack gap="xl" maw={760} mx="auto">
        <Breadcrumbs separator="›">
          <Anchor component={Link} to={linkTo("noticias-index")} size="sm" py={6}>
            Noticias
          </Anchor>
        </Breadcrumbs>
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar src={author.foto_url} alt="" size={96} radius="xl">
            {author.nombre.charAt(0)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} lh={1.2}>
              {author.nombre}
            </Title>
            {role ? <Text c="gray.8">{role}</Text> : null}
          </Stack>
        </Group>
        {author.bio ? <Text style={{ whiteSpace: "pre-line" }}>{author.bio}</Text> : null}
        <Stack component="section" aria-labelledby="firmas" gap="lg">
          <Title order={2} id="firmas" size="h3">
            {loaderData.isFirstPage ? `Lo último de ${author.nombre}` : `Más de ${author.nombre}`}
          </Title>
          {items.length === 0 ? <Text>No hay más publicaciones.</Text> : null}
          {items.map((item) => (
            <Stack key={`${item.kind}-${item.id}`} component="article" gap={4}>
              <Text size="xs" fw={700} tt="uppercase" c="teal.9">
                {KIND_LABEL[item.kind]}
              </Text>
              <Text component="h3" fw={700} size="lg" lh={1.3} m={0}>
                <Link to={toLink(item.url)} className={classes.title}>
                  {item.titulo}
                </Link>
              </Text>
              <Text size="sm" c="gray.8">
                {item.entradilla}
              </Text>
              <Text size="xs" c="gray.7">
                <time dateTime={item.publicada_en}>{formatNewsDate(item.publicada_en)}</time>
              </Text>
            </Stack>
          ))}
          <NextPage cursor={next_cursor} label="Más publicaciones" />
        </Stack>
      </Stack>
    </PageContainer>
  );
}
