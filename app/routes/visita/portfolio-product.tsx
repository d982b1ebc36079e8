import { Anchor, Avatar, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { data, Link } from "react-router";
import { DemoNote } from "#app/features/visita/demo-note";
import { ProductCard } from "#app/features/visita/product-card";
import { pageRedirect } from "#app/lib/page.server";
import { getPublicPortfolioEntry, portfolioEntryUrl } from "#app/routes/visita/portfolio.server";
import { PageContainer } from "#app/ui/layout/app-layout";
import { LinkifiedText } from "#app/ui/linkified-text";
import { linkTo, linkToAppPath } from "#common/route-names";
import type { Route } from "./+types/portfolio-product";
import { idParam, viewerOfPage } from "./catalogue.server";

/** visitador/public/producto-cartera/{product}/{id} (product-spec §2): one representative's entry for a product. */
export async function loader({ context, request, url, params }: Route.LoaderArgs) {
  const id = idParam(params.id);
  const viewer = await viewerOfPage(context, request);
  const entry = await getPublicPortfolioEntry(context.app, viewer, id);
  const canonical = portfolioEntryUrl(entry.producto.slug, entry.id);
  if (params.product !== entry.producto.slug) throw pageRedirect(canonical + url.search, 301);
  return data({ entry, brandName: context.app.config.brandName, canonicalUrl: `${context.app.config.appUrl}${canonical}` });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "No encontrado" }];
  const { entry, brandName } = data;
  const title = `${entry.visitador.nombre} presenta ${entry.producto.nombre}`;
  const description = `${entry.visitador.nombre} presenta ${entry.producto.nombre} (${entry.producto.laboratorio.nombre}) en ${entry.zonas.map((z) => z.nombre).join(", ")}.`;
  return [
    { title: `${title} · ${brandName}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    ...(entry.producto.requiere_receta
      ? [{ name: "robots", content: "noindex, nofollow" }]
      : [
          { property: "og:title", content: title },
          { property: "og:description", content: description },
          { property: "og:type", content: "profile" },
          { property: "og:url", content: data.canonicalUrl },
          { property: "og:site_name", content: brandName },
        ]),
  ];
}

export default function ProductoCartera({ loaderData }: Route.ComponentProps) {
  const { entry } = loaderData;
  return (
    <PageContainer>
      <Stack gap="lg" maw={820}>
        <Anchor component={Link} to={linkToAppPath(entry.producto.url)} size="sm">
          ‹ Ficha de {entry.producto.nombre}
        </Anchor>
        <Card withBorder radius="md" padding="lg">
          <Group align="flex-start" gap="lg" wrap="nowrap">
            <Avatar src={entry.visitador.avatar} alt="" size={72} radius={72} color="teal">
              {entry.visitador.avatar_text}
            </Avatar>
            <Stack gap={4}>
              <Title order={1} size="h2">
                {entry.visitador.nombre}
              </Title>
              {entry.visitador.perfil_url ? (
                <Anchor component={Link} to={linkToAppPath(entry.visitador.perfil_url)} size="sm">
                  Ver el perfil de {entry.visitador.nombre} y sus visitas verificadas
                </Anchor>
              ) : null}
              {entry.visitador.cargo || entry.visitador.empresa ? (
                <Text c="gray.7">{[entry.visitador.cargo, entry.visitador.empresa].filter(Boolean).join(" · ")}</Text>
              ) : null}
              <Text>Presenta este producto en:</Text>
              <Group gap={6}>
                {entry.zonas.map((z) => (
                  <Badge key={z.id} variant="outline" color="gray" tt="none">
                    {z.nombre}
                  </Badge>
                ))}
              </Group>
              {entry.nota ? (
                <Text mt="xs" style={{ whiteSpace: "pre-line" }}>
                  <LinkifiedText text={entry.nota} />
                </Text>
              ) : null}
            </Stack>
          </Group>
        </Card>
        <ProductCard product={entry.producto} />
        <Group>
          <Button component={Link} to={linkTo("chat", {}, { to: entry.visitador.id })}>
            Contactar
          </Button>
          <Button component={Link} to={linkTo("result")} variant="default">
            Buscar otros medicamentos
          </Button>
        </Group>
        <DemoNote />
      </Stack>
    </PageContainer>
  );
}
