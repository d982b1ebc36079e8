import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { data, Link } from "react-router";
import { AreaBackLink } from "#app/features/visita/area-back-link";
import { SearchBox } from "#app/features/visita/search-box";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/search-product";
import { assertCan, keepPortfolio, PRIVATE } from "./portfolio.server";

/** search-product (product-spec §2): a representative looks for a catalogue product to add to their portfolio. */
export async function loader({ context, request }: Route.LoaderArgs) {
  assertCan(context, request, keepPortfolio);
  return data({ ok: true }, { headers: PRIVATE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta() {
  return [{ title: "Añadir un producto a mi cartera" }, { name: "robots", content: "noindex" }];
}

export default function SearchProduct() {
  return (
    <PageContainer>
      <Stack gap="lg" maw={760}>
        <AreaBackLink />
        <Stack gap={4}>
          <Title order={1} size="h2">
            Añadir un producto a mi cartera
          </Title>
          <Text c="gray.7">Busca el medicamento en el catálogo y elige las provincias en las que lo presentas.</Text>
        </Stack>
        <Card withBorder radius="md" padding="lg">
          <SearchBox action={linkTo("results-db")} autoFocus />
        </Card>
        <Text size="sm">
          ¿No está en el catálogo?{" "}
          <Anchor component={Link} to={linkTo("nuevo-producto")}>
            Propón un producto nuevo
          </Anchor>
        </Text>
      </Stack>
    </PageContainer>
  );
}
