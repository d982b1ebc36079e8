import { Anchor, Avatar, Breadcrumbs, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { EmptyCard } from "#app/features/jobs/empty-card";
import { OfferCard } from "#app/features/jobs/offer-card";
import { plural } from "#app/lib/format";
import { metaDescription, shareMeta } from "#app/lib/share-meta";
import { SimpleGrid } from "#app/ui/grid";
import { JsonLd } from "#app/ui/json-ld";
import { PageContainer } from "#app/ui/layout/app-layout";
import { LoadMorePager, useLoadMore } from "#app/ui/load-more-pager";
import { DEFAULT_COUNTRY_SLUG } from "#common/constants";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/company";
import { loadCompanyPage } from "./company.server";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  return loadCompanyPage(context, url, params);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Empresa no encontrada" }];
  const { empresa, total, brandName } = data;
  const title = `Empleo en ${empresa.nombre}`;
  const count = plural(total, "oferta abierta", "ofertas abiertas");
  const description = (empresa.descripcion ? `${count}. ${empresa.descripcion}` : `${empresa.nombre}: ${count} en ${brandName}.`).slice(
    0,
    300,
  );
  return [
    { title: `${title} · ${brandName}` },
    { name: "description", content: metaDescription(description) },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    ...shareMeta({ title, description, url: data.canonicalUrl, image: data.shareImage, imageAlt: `${brandName}: empleo`, brandName }),
    // Later pages repeat the company page: keep them out of the index.
    ...(data.isFirstPage ? [] : [{ name: "robots", content: "noindex, follow" }]),
  ];
}

const initialsOf = (nombre: string) =>
  nombre
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join("");

/** A company's public page: what it says about itself and its open offers. */
export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  const { empresa, ofertas, total } = loaderData;
  const pais = ofertas[0]?.pais.slug ?? DEFAULT_COUNTRY_SLUG;
  return (
    <PageContainer>
      <JsonLd data={loaderData.organization} />
      <JsonLd data={loaderData.breadcrumbLd} />
      <Stack gap="lg">
        <Breadcrumbs separator="›">
          <Anchor component={Link} to={linkTo("empleo", { pais })} size="sm">
            Empleo
          </Anchor>
          <Text size="sm" c="gray.7" aria-current="page">
            {empresa.nombre}
          </Text>
        </Breadcrumbs>
        <Group gap="md" align="center" wrap="nowrap">
          <Avatar src={empresa.logo} alt="" size={72} radius="md" color="teal" variant="light">
            {initialsOf(empresa.nombre)}
          </Avatar>
          <Stack gap={2}>
            <Title order={1} size="h2">
              {empresa.nombre}
            </Title>
            <Text c="gray.7">{[empresa.poblacion, plural(total, "oferta abierta", "ofertas abiertas")].filter(Boolean).join(" · ")}</Text>
          </Stack>
        </Group>
        <section aria-labelledby="empresa-sobre">
          <Title order={2} size="h3" id="empresa-sobre" mb="xs">
            Sobre la empresa
          </Title>
          {empresa.descripcion ? (
            <Text style={{ whiteSpace: "pre-line" }} maw="70ch">
              {empresa.descripcion}
            </Text>
          ) : (
            <Text c="gray.7">Esta empresa aún no ha escrito su descripción.</Text>
          )}
          {empresa.web ? (
            <Anchor href={empresa.web} target="_blank" rel="noopener noreferrer nofollow" size="sm" mt="xs" display="inline-block">
              Sitio web de {empresa.nombre}
            </Anchor>
          ) : null}
        </section>
        <section aria-labelledby="empresa-ofertas">
          <Title order={2} size="h3" id="empresa-ofertas" mb="md">
            Ofertas abiertas
          </Title>
          {ofertas.length ? (
            <CompanyOffers key={empresa.slug} loaderData={loaderData} />
          ) : (
            <EmptyCard title="Sin ofertas abiertas" action={{ label: "Ver todas las ofertas", to: linkTo("empleo", { pais }) }}>
              {empresa.nombre} no tiene ofertas abiertas ahora mismo.
            </EmptyCard>
          )}
        </section>
      </Stack>
    </PageContainer>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

/** Twenty offers, then "Cargar más ofertas" (a plain link to the next page without JavaScript). */
function CompanyOffers({ loaderData }: { loaderData: LoaderData }) {
  const { empresa, now } = loaderData;
  const { items, cursor, loading, load } = useLoadMore(
    { items: loaderData.ofertas, nextCursor: loaderData.nextCursor },
    (next: LoaderData) => ({
      items: next.ofertas,
      nextCursor: next.nextCursor,
    }),
  );
  const here = linkTo("empleo-empresa", { slug: empresa.slug });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {items.map((offer) => (
          <OfferCard key={offer.id} offer={offer} now={now} />
        ))}
      </SimpleGrid>
      <LoadMorePager
        firstPageHref={loaderData.isFirstPage ? null : here}
        nextHref={cursor ? linkTo("empleo-empresa", { slug: empresa.slug }, { cursor }) : null}
        loading={loading}
        onLoadMore={load}
        label="Cargar más ofertas"
      />
    </Stack>
  );
}
