import { Alert, Anchor, Button, Card, Group, MultiSelect, Stack, Tabs, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { ProductBadges } from "#app/features/visita/product-badges";
import { ProductCard } from "#app/features/visita/product-card";
import { useFormFailure } from "#app/lib/form";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import { CATALOGUE_LIMITS, DEFAULT_TABS } from "#common/visita/vocabulary";
import type { Route } from "./+types/add-to-portfolio";
import { asociarProductoAction, loadAsociarProducto } from "./portfolio.server";

/** asociar-producto/{id} (product-spec §2, default tab=vincular): link a catalogue product to one's portfolio. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadAsociarProducto(context, request, params);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return asociarProductoAction(context, request, params);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `Añadir a mi cartera: ${data.product.nombre}` : "Añadir a mi cartera" }, { name: "robots", content: "noindex" }];
}

const TABS = { vincular: DEFAULT_TABS.asociarProducto, ficha: "ficha" } as const;

export default function AsociarProducto({ loaderData, actionData }: Route.ComponentProps) {
  const { product, entry, provinces } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get("tab") === TABS.ficha ? TABS.ficha : TABS.vincular;
  const navigation = useNavigation();
  const { failure: failed, formRef } = useFormFailure(actionData);
  const [zonas, setZonas] = useState<string[]>(failed?.values.zonas ?? loaderData.defaultZonas);
  const summary = { ...product, detalle: product.detalle };
  return (
    <PageContainer>
      <Stack gap="lg" maw={820}>
        <Anchor component={Link} to={linkTo("search-product")} size="sm">
          ‹ Buscar otro producto
        </Anchor>
        <Stack gap={6}>
          <Title order={1} size="h2">
            {entry ? "Editar en mi cartera" : "Añadir a mi cartera"}
          </Title>
          <Text fw={600}>{product.nombre}</Text>
          <ProductBadges product={summary} />
        </Stack>
        <Tabs
          value={tab}
          onChange={(value) =>
            setSearchParams(
              (prev) => {
                prev.set("tab", value ?? TABS.vincular);
                return prev;
              },
              { replace: true, preventScrollReset: true },
            )
          }
        >
          <Tabs.List>
            <Tabs.Tab value={TABS.vincular}>Vincular</Tabs.Tab>
            <Tabs.Tab value={TABS.ficha}>Ficha del producto</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value={TABS.vincular} pt="lg">
            <Card withBorder radius="md" padding="lg">
              <Form method="post" noValidate ref={formRef}>
                <Stack gap="md">
                  {failed ? (
                    <Alert color="red" title="No se ha guardado" role="alert">
                      {failed.message}
                    </Alert>
                  ) : null}
                  <MultiSelect
                    label="Provincias en las que lo presentas"
                    description="Los profesionales de estas provincias te verán en la ficha del producto."
                    data={provinces}
                    value={zonas}
                    onChange={setZonas}
                    name="zonas"
                    searchable
                    required
                    hidePickedOptions
                    nothingFoundMessage="Ninguna provincia coincide"
                    error={failed?.errors.zonas?.[0]}
                  />
                  <Textarea
                    label="Nota para los profesionales (opcional)"
                    description="Por ejemplo, disponibilidad de muestras o días de visita."
                    name="nota"
                    defaultValue={failed?.values.nota ?? entry?.nota ?? ""}
                    maxLength={CATALOGUE_LIMITS.noteMax}
                    autosize
                    minRows={3}
                    error={failed?.errors.nota?.[0]}
                  />
                  <Group gap="sm">
                    <Button type="submit" name="intent" value="save" loading={navigation.state === "submitting"}>
                      {entry ? "Guardar cambios" : "Añadir a mi cartera"}
                    </Button>
                    {entry ? (
                      <Button type="submit" name="intent" value="remove" variant="light" color="red" formNoValidate>
                        Quitar de mi cartera
                      </Button>
                    ) : null}
                  </Group>
                </Stack>
              </Form>
            </Card>
          </Tabs.Panel>
          <Tabs.Panel value={TABS.ficha} pt="lg">
            <ProductCard product={summary} headingLevel={2} />
            <Text size="sm" mt="sm">
              ¿Algún dato está mal o falta?{" "}
              <Anchor component={Link} to={linkTo("sugerir-cambios", { idProd: product.id })}>
                Sugerir cambios
              </Anchor>
            </Text>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </PageContainer>
  );
}
