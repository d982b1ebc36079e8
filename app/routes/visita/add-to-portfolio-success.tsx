import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { data, Link } from "react-router";
import { findMyEntryForProduct } from "#app/routes/visita/portfolio.server";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo, linkToAppPath } from "#common/route-names";
import type { Route } from "./+types/add-to-portfolio-success";
import { notFound } from "./catalogue.server";
import { assertCan, keepPortfolio, PRIVATE } from "./portfolio.server";

/** asociar-producto-success (product-spec §2): the product is in the portfolio; where to go next. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const actor = assertCan(context, request, keepPortfolio);
  const productId = Number(url.searchParams.get("producto"));
  if (!Number.isSafeInteger(productId) || productId <= 0) notFound();
  const entry = await findMyEntryForProduct(context.app, actor, productId);
  if (!entry) notFound();
  return data({ entry, edited: url.searchParams.get("editado") === "1" }, { headers: PRIVATE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta() {
  return [{ title: "Producto añadido a tu cartera" }, { name: "robots", content: "noindex" }];
}

export default function AsociarProductoSuccess({ loaderData }: Route.ComponentProps) {
  const { entry, edited } = loaderData;
  return (
    <PageContainer>
      <Card withBorder radius="md" padding="xl" maw={640} mx="auto">
        <Stack gap="md">
          <Title order={1} size="h2">
            {edited ? "Cambios guardados" : "Producto añadido a tu cartera"}
          </Title>
          <Text>
            <strong>{entry.producto.nombre}</strong> está en tu cartera para {entry.zonas.map((z) => z.nombre).join(", ")}. Los
            profesionales de esas provincias te verán en la ficha del producto.
          </Text>
          <Group gap="sm">
            <Button component={Link} to={linkToAppPath(entry.url_publica)}>
              Ver cómo lo ven los profesionales
            </Button>
            <Button component={Link} to={linkTo("search-product")} variant="light">
              Añadir otro producto
            </Button>
            <Button component={Link} to={linkTo("visitadorPage")} variant="default">
              Ir a mi perfil
            </Button>
          </Group>
        </Stack>
      </Card>
    </PageContainer>
  );
}
