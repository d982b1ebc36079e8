import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { ProductCard } from "#app/features/visita/product-card";
import { SearchBox } from "#app/features/visita/search-box";
import { searchQuery } from "#app/features/visita/search-query";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/results-db";
import { loadResultsDb } from "./portfolio.server";

/** results-db (product-spec §2): catalogue results in the representative's area, each one ready to add. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadResultsDb(context, request, url);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta() {
  return [{ title: "Buscar en el catálogo · Mi cartera" }, { name: "robots", content: "noindex" }];
}

export default function ResultsDb({ loaderData }: Route.ComponentProps) {
  const { filters, result, carried } = loaderData;
  const here = linkTo("results-db");
  return (
    <PageContainer>
      <Stack gap="lg">
        <Anchor component={Link} to={linkTo("search-product")} size="sm">
          ‹ Añadir un producto a mi cartera
        </Anchor>
        <Stack gap={4}>
          <Title order={1} size="h2">
            {filters.q ? `Resultados para «${filters.q}»` : "Catálogo de medicamentos"}
          </Title>
          <Text c="gray.7" aria-live="polite">
            {result.total === 1 ? "1 medicamento" : `${result.total.toLocaleString("es-ES")} medicamentos`}
          </Text>
        </Stack>
        <Card withBorder radius="md" padding="md">
          <SearchBox key={filters.q} action={here} defaultValue={filters.q} />
        </Card>
        {result.items.length ? (
          <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {result.items.map((product) => {
              const inPortfolio = carried.includes(product.id);
              return (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    headingLevel={2}
                    href={linkTo("asociar-producto", { id: product.id })}
                    actions={
                      <Group gap="xs" mt={4}>
                        {inPortfolio ? (
                          <Badge color="teal" variant="filled" tt="none">
                            En tu cartera
                          </Badge>
                        ) : null}
                        <Button
                          component={Link}
                          to={linkTo("asociar-producto", { id: product.id })}
                          size="xs"
                          variant={inPortfolio ? "default" : "filled"}
                        >
                          {inPortfolio ? "Editar zonas" : "Añadir a mi cartera"}
                        </Button>
                      </Group>
                    }
                  />
                </li>
              );
            })}
          </Stack>
        ) : (
          <Card withBorder padding="xl" radius="md">
            <Text>No hemos encontrado medicamentos con esa búsqueda. Prueba con el principio activo o con el código nacional.</Text>
          </Card>
        )}
        <Text size="sm">
          ¿No encuentras el medicamento?{" "}
          <Anchor component={Link} to={linkTo("nuevo-producto")}>
            Propón un producto nuevo
          </Anchor>
        </Text>
        {result.next_cursor ? (
          <Group justify="center">
            <Button component={Link} to={`${here}?${searchQuery(filters, { cursor: result.next_cursor })}`} variant="default">
              Más resultados
            </Button>
          </Group>
        ) : null}
      </Stack>
    </PageContainer>
  );
}
