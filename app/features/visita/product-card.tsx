import { Anchor, Card, Group, Image, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { linkToAppPath } from "#common/route-names";
import type { ProductSummary } from "#server/visita";
import { ProductBadges } from "./product-badges";

export const ingredientsText = (product: ProductSummary) =>
  product.detalle?.principios_activos.map((i) => `${i.nombre} ${i.dosis} ${i.unidad}`).join(" + ") ?? "";

/**
 * One catalogue result; `href` overrides where the name leads (the portfolio flow), `actions` adds
 * buttons. The name is a heading: h3 under a list's h2, h2 (`headingLevel`) right under a page's h1.
 */
export function ProductCard({
  product,
  href,
  actions,
  headingLevel = 3,
}: {
  product: ProductSummary;
  href?: string;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const to = href ?? linkToAppPath(product.url);
  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Group align="flex-start" wrap="nowrap" gap="md">
        {product.detalle ? (
          <Image src={product.detalle.imagen_url} alt="" w={96} h={72} radius="sm" fit="cover" loading="lazy" style={{ flex: "none" }} />
        ) : null}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text component={headingLevel === 2 ? "h2" : "h3"} fw={700} size="md" m={0}>
            <Anchor component={Link} to={to} fw={700} c="dark" inherit>
              {product.nombre}
            </Anchor>
          </Text>
          <Text size="sm" c="gray.7">
            {product.laboratorio.nombre}
            {product.detalle ? ` · ${product.detalle.forma.nombre}` : ""}
          </Text>
          {product.detalle?.principios_activos.length ? (
            <Text size="sm">
              <Text span c="gray.7">
                Principio activo:{" "}
              </Text>
              {ingredientsText(product)}
            </Text>
          ) : null}
          {product.requiere_receta && !product.detalle ? (
            <Text size="sm" c="gray.7">
              Medicamento sujeto a prescripción: su información solo se muestra a profesionales sanitarios.
            </Text>
          ) : null}
          <ProductBadges product={product} />
          {actions}
        </Stack>
      </Group>
    </Card>
  );
}
