import { Anchor, Avatar, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { data, Link } from "react-router";
import { countEvent, useCountView } from "#app/features/visita/count-beacon";
import { DemoNote } from "#app/features/visita/demo-note";
import { ProductCard } from "#app/features/visita/product-card";
import { ProfessionalDeclaration } from "#app/features/visita/professional-declaration";
import { ProfessionalGate } from "#app/features/visita/professional-gate";
import { pageRedirect } from "#app/lib/page.server";
import { imageMeta, metaDescription, shareCardUrl } from "#app/lib/share-meta";
import { portfolioEntryUrl, readPortfolioEntry } from "#app/routes/visita/portfolio.server";
import { PageContainer } from "#app/ui/layout/app-layout";
import { LinkifiedText } from "#app/ui/linkified-text";
import { linkTo, linkToAppPath } from "#common/route-names";
import type { Route } from "./+types/portfolio-product";
import { idParam, viewerOfPage } from "./catalogue.server";
import { profileGateAction } from "./product.server";

/** visitador/public/producto-cartera/{product}/{id} (product-spec §2): one representative's entry for a product. */
export async function loader({ context, request, url, params }: Route.LoaderArgs) {
  const id = idParam(params.id);
  const viewer = await viewerOfPage(context, request);
  const view = await readPortfolioEntry(context.app, viewer, id);
  const producto = view.restringido ? view.producto : view.entry.producto;
  const canonical = portfolioEntryUrl(producto.slug, id);
  if (params.product !== producto.slug) throw pageRedirect(canonical + url.search, 301);
  return data({
    view,
    professional: viewer.professional,
    brandName: context.app.config.brandName,
    canonicalUrl: `${context.app.config.appUrl}${canonical}`,
  });
}

/** The professional gate's answer or its withdrawal, then this entry again. */
export async function action({ context, request, url }: Route.ActionArgs) {
  return profileGateAction(context, request, url);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "No encontrado" }];
  const { view, brandName } = data;
  if (view.restringido)
    return [
      { title: `${view.producto.nombre} · ${brandName}` },
      { tagName: "link", rel: "canonical", href: data.canonicalUrl },
      { name: "robots", content: "noindex, nofollow" },
    ];
  const { entry } = view;
  const title = `${entry.visitador.nombre} presenta ${entry.producto.nombre}`;
  const description = `${entry.visitador.nombre} presenta ${entry.producto.nombre} (${entry.producto.laboratorio.nombre}) en ${entry.zonas.map((z) => z.nombre).join(", ")}.`;
  return [
    { title: `${title} · ${brandName}` },
    { name: "description", content: metaDescription(description) },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    ...(entry.producto.requiere_receta
      ? [{ name: "robots", content: "noindex, nofollow" }]
      : [
          { property: "og:title", content: title },
          { property: "og:description", content: description },
          { property: "og:type", content: "profile" },
          { property: "og:url", content: data.canonicalUrl },
          { property: "og:site_name", content: brandName },
          ...imageMeta({
            image: shareCardUrl(new URL(data.canonicalUrl).origin, "producto", entry.producto.id),
            imageAlt: `${entry.producto.nombre}, de ${entry.producto.laboratorio.nombre}`,
            title,
            description,
          }),
        ]),
  ];
}

export default function ProductoCartera({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  useCountView(
    view.restringido ? null : { evento: "vista_cartera", producto_id: view.entry.producto.id, visitador_id: view.entry.visitador.id },
  );
  if (view.restringido)
    return (
      <PageContainer>
        <Stack gap="lg" maw={820}>
          <Title order={1} size="h2">
            {view.producto.nombre}
          </Title>
          <ProductCard product={view.producto} />
          <ProfessionalGate declined={Boolean(actionData && "declined" in actionData)} />
        </Stack>
      </PageContainer>
    );
  const { entry } = view;
  return (
    <PageContainer>
      <Stack gap="lg" maw={820}>
        <Anchor component={Link} to={linkToAppPath(entry.producto.url)} size="sm">
          ‹ Ficha de {entry.producto.nombre}
        </Anchor>
        {loaderData.professional ? <ProfessionalDeclaration /> : null}
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
        <ProductCard product={entry.producto} headingLevel={2} />
        <Group>
          <Button
            component={Link}
            to={linkTo("chat", {}, { to: entry.visitador.id, origen: "visita", producto: entry.producto.id })}
            onClick={() => countEvent({ evento: "contacto", visitador_id: entry.visitador.id, producto_id: entry.producto.id })}
          >
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
