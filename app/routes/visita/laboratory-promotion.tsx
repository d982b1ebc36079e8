import { Alert, Anchor, Badge, Breadcrumbs, Button, Card, Group, Image, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { countEvent, useCountView } from "#app/features/visita/count-beacon";
import { DemoNote } from "#app/features/visita/demo-note";
import { ProfessionalDeclaration } from "#app/features/visita/professional-declaration";
import { ProfessionalGate } from "#app/features/visita/professional-gate";
import { PromotionPeriod } from "#app/features/visita/promotion-list";
import { imageMeta, metaDescription, shareCardUrl } from "#app/lib/share-meta";
import { Grid } from "#app/ui/grid";
import { JsonLd } from "#app/ui/json-ld";
import { PageContainer } from "#app/ui/layout/app-layout";
import { LinkifiedText } from "#app/ui/linkified-text";
import { ShareLinks } from "#app/ui/share-links";
import { linkTo, linkToAppPath, pathTo } from "#common/route-names";
import type { Route } from "./+types/laboratory-promotion";
import { professionalGateAction } from "./product.server";
import { loadPublicPromotion } from "./promotions.server";

/** laboratorio-promocion/{slug}/{idPromo} (product-spec §2): a promotion's public page, gated like its product. */
export async function loader({ context, request, url, params }: Route.LoaderArgs) {
  return loadPublicPromotion(context, request, url, params);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return professionalGateAction(context, request, pathTo("laboratorio-promocion", { slug: params.slug, idPromo: params.idPromo }));
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Promoción no encontrada" }];
  const { view, brandName } = data;
  const p = view.promocion;
  if (!p)
    return [
      { title: `Promoción de ${view.producto.nombre} · ${brandName}` },
      {
        name: "description",
        content: `Promoción de ${view.producto.nombre}, de ${view.producto.laboratorio.nombre}: información reservada a profesionales sanitarios.`,
      },
      { name: "robots", content: "noindex, nofollow" },
    ];
  const description = metaDescription(p.descripcion);
  return [
    { title: `${p.titulo} · ${brandName}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    { property: "og:title", content: p.titulo },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: data.canonicalUrl },
    { property: "og:site_name", content: brandName },
    { property: "og:locale", content: "es_ES" },
    ...(view.restringido || p.estado !== "activa"
      ? []
      : imageMeta({
          image: shareCardUrl(new URL(data.canonicalUrl).origin, "promocion", p.id),
          imageAlt: `${p.titulo}: promoción de ${view.producto.nombre}`,
          title: p.titulo,
          description,
        })),
    ...(view.producto.requiere_receta || p.estado !== "activa" ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
}

export default function LaboratorioPromocion({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const p = view.promocion;
  useCountView(view.restringido || !p ? null : { evento: "vista_promocion", promocion_id: p.id });
  return (
    <PageContainer>
      <JsonLd data={loaderData.breadcrumbLd} />
      <Stack gap="lg">
        <Breadcrumbs separator="›" styles={{ root: { flexWrap: "wrap" } }}>
          <Anchor component={Link} to={linkTo("visita")} size="sm">
            Catálogo
          </Anchor>
          <Anchor component={Link} to={linkTo("laboratorio", { slug: view.producto.laboratorio.slug })} size="sm">
            {view.producto.laboratorio.nombre}
          </Anchor>
        </Breadcrumbs>
        {loaderData.professional ? <ProfessionalDeclaration /> : null}
        {!p ? (
          <>
            <Stack gap={4} component="header">
              <Title order={1} size="h2">
                Promoción de {view.producto.nombre}
              </Title>
              <ProductLine product={view.producto} />
            </Stack>
            <ProfessionalGate declined={Boolean(actionData && "declined" in actionData)} />
          </>
        ) : (
          <>
            <Stack gap={6} component="header">
              <Group gap="xs">
                <Badge variant="light" color="teal">
                  {p.tipo_texto}
                </Badge>
                {p.estado !== "activa" ? <Badge color="gray">{p.estado_texto}</Badge> : null}
              </Group>
              <Title order={1} size="h2">
                {p.titulo}
              </Title>
              <ProductLine product={view.producto} />
              <Text c="gray.8">
                <PromotionPeriod promotion={p} />
              </Text>
            </Stack>
            {p.estado !== "activa" ? (
              <Alert color="yellow" role="status">
                Solo tú ves esta página: la promoción no está publicada.
              </Alert>
            ) : null}
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Stack gap="lg">
                  <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="promo-descripcion">
                    <Title order={2} size="h4" id="promo-descripcion" mb="sm">
                      En qué consiste
                    </Title>
                    <Text style={{ whiteSpace: "pre-line" }}>
                      <LinkifiedText text={p.descripcion} />
                    </Text>
                  </Card>
                  {p.condiciones ? (
                    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="promo-condiciones">
                      <Title order={2} size="h4" id="promo-condiciones" mb="sm">
                        Condiciones
                      </Title>
                      <Text style={{ whiteSpace: "pre-line" }}>
                        <LinkifiedText text={p.condiciones} />
                      </Text>
                    </Card>
                  ) : null}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Stack gap="md">
                  {p.imagen_url ? <Image src={p.imagen_url} alt={`Imagen de la promoción «${p.titulo}»`} radius="md" /> : null}
                  <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="promo-autor">
                    <Stack gap="sm">
                      <Title order={2} size="h4" id="promo-autor">
                        Publicada por
                      </Title>
                      {p.autor.perfil_url ? (
                        <Anchor component={Link} to={linkToAppPath(p.autor.perfil_url)} fw={600}>
                          {p.autor.nombre}
                        </Anchor>
                      ) : (
                        <Text>{p.autor.nombre}</Text>
                      )}
                      {loaderData.isAuthor ? (
                        <Button component={Link} to={linkTo("edit-promo", { idPromo: p.id })} variant="light">
                          Editar la promoción
                        </Button>
                      ) : (
                        <Button
                          component="a"
                          href={pathTo("chat", {}, { to: p.autor.id, origen: "visita", promocion: p.id })}
                          onClick={() => countEvent({ evento: "contacto", visitador_id: p.autor.id, promocion_id: p.id })}
                        >
                          Contactar
                        </Button>
                      )}
                    </Stack>
                  </Card>
                  {p.estado === "activa" && !view.producto.requiere_receta ? (
                    <ShareLinks url={loaderData.canonicalUrl} title={p.titulo} />
                  ) : null}
                </Stack>
              </Grid.Col>
            </Grid>
          </>
        )}
        <DemoNote />
      </Stack>
    </PageContainer>
  );
}

/** "Product · Laboratory", the product linking to its page. */
function ProductLine({ product }: { product: { url: string; nombre: string; laboratorio: { nombre: string } } }) {
  return (
    <Text fw={600} c="gray.8">
      <Anchor href={product.url} inherit>
        {product.nombre}
      </Anchor>{" "}
      · {product.laboratorio.nombre}
    </Text>
  );
}
