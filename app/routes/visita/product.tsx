import { Anchor, Breadcrumbs, Stack, Title } from "@mantine/core";
import { Link } from "react-router";
import { useCountView } from "#app/features/visita/count-beacon";
import { DemoNote } from "#app/features/visita/demo-note";
import { ProductBadges } from "#app/features/visita/product-badges";
import { ProductDetail } from "#app/features/visita/product-detail";
import { ProfessionalDeclaration } from "#app/features/visita/professional-declaration";
import { ProfessionalGate } from "#app/features/visita/professional-gate";
import { PromotionList } from "#app/features/visita/promotion-list";
import { Representatives } from "#app/features/visita/representatives";
import { imageMeta, metaDescription, shareCardUrl } from "#app/lib/share-meta";
import { JsonLd } from "#app/ui/json-ld";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/product";
import { loadProductPage, productGateAction } from "./product.server";

export async function loader({ context, request, url, params }: Route.LoaderArgs) {
  return loadProductPage(context, request, url, params);
}

export async function action({ context, request, url, params }: Route.ActionArgs) {
  return productGateAction(context, request, url, params);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Medicamento no encontrado" }];
  const { product, brandName } = data;
  const d = product.detalle;
  const description = d
    ? `${product.nombre}: ${d.principios_activos.map((i) => `${i.nombre} ${i.dosis} ${i.unidad}`).join(", ")}. ${d.forma.nombre} de ${product.laboratorio.nombre}. ${d.receta_texto}.`
    : `${product.nombre}, de ${product.laboratorio.nombre}: medicamento sujeto a prescripción médica, información reservada a profesionales sanitarios.`;
  return [
    { title: `${product.nombre} · ${brandName}` },
    { name: "description", content: metaDescription(description) },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    ...(d
      ? [
          { property: "og:title", content: product.nombre },
          { property: "og:description", content: metaDescription(description) },
          { property: "og:type", content: "website" },
          { property: "og:url", content: data.canonicalUrl },
          { property: "og:site_name", content: brandName },
          { property: "og:locale", content: "es_ES" },
          ...imageMeta({
            image: shareCardUrl(new URL(data.canonicalUrl).origin, "producto", product.id),
            imageAlt: `${product.nombre}, de ${product.laboratorio.nombre}`,
            title: product.nombre,
            description,
          }),
        ]
      : []),
    // Prescription-only medicines are not for search engines (only professionals may see them).
    ...(product.requiere_receta ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, representatives } = loaderData;
  useCountView({ evento: "vista_producto", producto_id: product.id });
  const d = product.detalle;
  return (
    <PageContainer>
      {loaderData.jsonLd ? <JsonLd data={loaderData.jsonLd} /> : null}
      <JsonLd data={loaderData.breadcrumbLd} />
      <Stack gap="lg">
        <Breadcrumbs
          separator="›"
          styles={{ root: { flexWrap: "wrap" }, breadcrumb: { display: "inline-flex", alignItems: "center", minHeight: 28 } }}
        >
          <Anchor component={Link} to={linkTo("visita")} size="sm">
            Catálogo
          </Anchor>
          <Anchor component={Link} to={linkTo("laboratorio", { slug: product.laboratorio.slug })} size="sm">
            {product.laboratorio.nombre}
          </Anchor>
        </Breadcrumbs>
        <Stack gap={6} component="header">
          <Title order={1} size="h2">
            {product.nombre}
          </Title>
          <Anchor component={Link} to={linkTo("laboratorio", { slug: product.laboratorio.slug })} fw={600} c="gray.8" w="fit-content">
            {product.laboratorio.nombre}
          </Anchor>
          <ProductBadges product={{ requiere_receta: product.requiere_receta, estado_registro: product.estado_registro, detalle: d }} />
          {loaderData.canSuggest ? (
            <Anchor component={Link} to={linkTo("sugerir-cambios", { idProd: product.id })} size="sm" w="fit-content">
              Sugerir cambios en esta ficha
            </Anchor>
          ) : null}
        </Stack>
        {loaderData.professional ? <ProfessionalDeclaration /> : null}
        {!d ? (
          <ProfessionalGate declined={Boolean(actionData && "declined" in actionData)} />
        ) : (
          <ProductDetail
            product={{ ...product, detalle: d }}
            representatives={
              representatives ? <Representatives result={representatives} estadoId={loaderData.estadoId} productId={product.id} /> : null
            }
          />
        )}
        {/* Promotions (issue 14, promo): live ones, only with the detail (never before the gate). */}
        {d && loaderData.promotions.length ? (
          <Stack gap="sm" component="section" aria-labelledby="promociones-title">
            <Title order={2} size="h4" id="promociones-title">
              Promociones activas
            </Title>
            <PromotionList promotions={loaderData.promotions} showProduct={false} />
          </Stack>
        ) : null}
        <DemoNote />
      </Stack>
    </PageContainer>
  );
}
