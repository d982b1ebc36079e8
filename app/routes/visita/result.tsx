import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { data, Link } from "react-router";
import { DemoNote } from "#app/features/visita/demo-note";
import { ProductCard } from "#app/features/visita/product-card";
import { SearchBox } from "#app/features/visita/search-box";
import { searchQuery } from "#app/features/visita/search-query";
import { PageContainer } from "#app/ui/layout/app-layout";
import { Facet } from "#app/ui/listing-facets";
import { LoadMorePager, useLoadMore } from "#app/ui/load-more-pager";
import { linkTo } from "#common/route-names";
import { formatCn } from "#common/visita/codes";
import type { Route } from "./+types/result";
import { loadCatalogueSearch } from "./catalogue.server";
import classes from "./result.module.css";

/** result (product-spec §2): catalogue search results with filters, counts and more pages. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const search = await loadCatalogueSearch(context, request, url);
  return data({
    brandName: context.app.config.brandName,
    canonicalUrl: `${context.app.config.appUrl}${url.pathname}`,
    filters: search.filters,
    ignored: search.ignored,
    result: search.result,
    isFirstPage: search.isFirstPage,
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Resultados de la búsqueda" }];
  const q = data.filters.q;
  return [
    { title: `${q ? `«${q}» en el catálogo` : "Catálogo de medicamentos"} · ${data.brandName}` },
    {
      name: "description",
      content: `${data.result.total.toLocaleString("es-ES")} medicamentos${q ? ` para «${q}»` : ""} en el catálogo de ${data.brandName}.`,
    },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    // Searches repeat the catalogue: keep them out of the index, but follow to the products.
    { name: "robots", content: "noindex, follow" },
  ];
}

type LoaderData = Route.ComponentProps["loaderData"];

const FACET_TITLES = {
  laboratorio: "Laboratorio",
  forma: "Forma farmacéutica",
  atc: "Grupo ATC",
  receta: "Necesita receta",
  generico: "Genérico (EFG)",
  comercializado: "Comercializado",
} as const;

export default function Result({ loaderData }: Route.ComponentProps) {
  const { filters, result } = loaderData;
  const here = linkTo("result");
  const searchKey = searchQuery(filters).toString();
  const active = (Object.keys(FACET_TITLES) as Array<keyof typeof FACET_TITLES>).filter((key) => filters[key]);
  return (
    <PageContainer>
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to={linkTo("visita")} size="sm">
            ‹ Catálogo de medicamentos
          </Anchor>
          <Title order={1} size="h2">
            {filters.q ? `Resultados para «${filters.q}»` : "Medicamentos del catálogo"}
          </Title>
          <Text c="gray.7" aria-live="polite">
            {result.total === 1 ? "1 medicamento" : `${result.total.toLocaleString("es-ES")} medicamentos`}
            {result.cn ? ` con el código nacional ${formatCn(result.cn)}` : ""}
          </Text>
        </Stack>
        <Card withBorder radius="md" padding="md">
          <SearchBox key={`q-${searchKey}`} defaultValue={filters.q} keep={filters} />
        </Card>
        {loaderData.ignored.length ? (
          <Alert color="blue" title="Hemos ignorado algún filtro">
            Algún valor de la dirección no era válido y no se ha aplicado.
          </Alert>
        ) : null}
        {active.length ? (
          <Group gap="xs">
            <Text size="sm" c="gray.7">
              Filtros:
            </Text>
            {active.map((key) => (
              <Button
                key={key}
                component={Link}
                to={`${here}?${searchQuery(filters, { [key]: "" })}`}
                size="compact-sm"
                variant="light"
                aria-label={`Quitar el filtro ${FACET_TITLES[key]}`}
              >
                {FACET_TITLES[key]}: {result.facets[key].find((f) => f.valor === filters[key])?.nombre ?? filters[key]} ✕
              </Button>
            ))}
          </Group>
        ) : null}
        <div className={classes.layout}>
          <Stack gap="lg" className={classes.facets} component="aside" aria-labelledby="filtros-title">
            {/* The facets' h3 titles sit under this h2, not straight under the page's h1. */}
            <Title order={2} size="h4" id="filtros-title">
              Filtrar
            </Title>
            {(Object.keys(FACET_TITLES) as Array<keyof typeof FACET_TITLES>).map((key) => (
              <Facet
                key={key}
                id={`facet-${key}`}
                title={FACET_TITLES[key]}
                items={result.facets[key].map((facet) => ({
                  key: facet.valor,
                  label: facet.nombre,
                  count: facet.count,
                  current: facet.valor === filters[key],
                  to: `${here}?${searchQuery(filters, { [key]: facet.valor })}`,
                }))}
              />
            ))}
          </Stack>
          <section className={classes.results} aria-labelledby="resultados-title">
            <Title order={2} size="h4" id="resultados-title" mb="sm">
              Resultados
            </Title>
            <Results key={searchKey} loaderData={loaderData} here={here} />
          </section>
        </div>
        <DemoNote />
      </Stack>
    </PageContainer>
  );
}

function Results({ loaderData, here }: { loaderData: LoaderData; here: string }) {
  const { result, filters } = loaderData;
  const { items, cursor, loading, load } = useLoadMore({ items: result.items, nextCursor: result.next_cursor }, (next: LoaderData) =>
    next.result ? { items: next.result.items, nextCursor: next.result.next_cursor } : undefined,
  );

  if (!result.items.length) {
    return (
      <Card withBorder padding="xl" radius="md">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            No hemos encontrado medicamentos
          </Title>
          <Text c="gray.7">
            Prueba con otras palabras, con el principio activo o con el código nacional de la caja, o quita algún filtro.
          </Text>
          <Button component={Link} to={linkTo("visita")} variant="light">
            Volver al catálogo
          </Button>
        </Stack>
      </Card>
    );
  }
  const nextHref = cursor ? `${here}?${searchQuery(filters, { cursor })}` : null;
  return (
    <Stack gap="md">
      <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {items.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </Stack>
      <LoadMorePager
        firstPageHref={loaderData.isFirstPage ? null : `${here}?${searchQuery(filters)}`}
        nextHref={nextHref}
        loading={loading}
        onLoadMore={load}
        label="Cargar más medicamentos"
      />
    </Stack>
  );
}
