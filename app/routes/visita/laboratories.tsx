import { Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, Form, Link } from "react-router";
import { metaDescription } from "#app/lib/share-meta";
import { SimpleGrid } from "#app/ui/grid";
import { PageContainer } from "#app/ui/layout/app-layout";
import { NumberedPager } from "#app/ui/numbered-pager";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/laboratories";
import { loadLaboratoryDirectory } from "./laboratory.server";

/** laboratorios: the laboratories of the catalogue (holders and marketers from the register), by name. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const directory = await loadLaboratoryDirectory(context, url);
  return data({ brandName: context.app.config.brandName, canonicalUrl: `${context.app.config.appUrl}${url.pathname}`, directory });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Laboratorios" }];
  const { directory } = data;
  const description = `${directory.total.toLocaleString("es-ES")} laboratorios titulares y comercializadores de los medicamentos del catálogo, con sus productos.`;
  return [
    { title: `Laboratorios farmacéuticos · ${data.brandName}` },
    { name: "description", content: metaDescription(description) },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    // A filtered or later page repeats the directory: only the first, unfiltered one is indexed.
    ...(directory.q || directory.pagina > 1 ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

export default function Laboratories({ loaderData }: Route.ComponentProps) {
  const { directory } = loaderData;
  const page = (pagina: number) =>
    linkTo("laboratorios", {}, { ...(directory.q ? { q: directory.q } : {}), ...(pagina > 1 ? { pagina } : {}) });
  return (
    <PageContainer>
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to={linkTo("visita")} size="sm">
            ‹ Catálogo de medicamentos
          </Anchor>
          <Title order={1}>Laboratorios</Title>
          <Text c="gray.7" aria-live="polite">
            {directory.total === 1 ? "1 laboratorio" : `${directory.total.toLocaleString("es-ES")} laboratorios`}
            {directory.q ? ` con «${directory.q}» en el nombre` : " titulares o comercializadores de medicamentos del catálogo"}
          </Text>
        </Stack>
        <Card withBorder radius="md" padding="md">
          <Form method="get" role="search" aria-label="Buscar laboratorios">
            <Group align="flex-end" wrap="wrap">
              <TextInput
                name="q"
                label="Nombre del laboratorio"
                defaultValue={directory.q}
                maxLength={120}
                style={{ flex: 1, minWidth: 220 }}
              />
              <Button type="submit">Buscar</Button>
            </Group>
          </Form>
        </Card>
        {directory.items.length ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {directory.items.map((lab) => (
              <li key={lab.id}>
                <Card withBorder radius="md" padding="sm" h="100%">
                  <Anchor component={Link} to={linkTo("laboratorio", { slug: lab.slug })} fw={600}>
                    {lab.nombre}
                  </Anchor>
                  <Text size="sm" c="gray.7">
                    {lab.productos === 1 ? "1 medicamento" : `${lab.productos.toLocaleString("es-ES")} medicamentos`}
                  </Text>
                </Card>
              </li>
            ))}
          </SimpleGrid>
        ) : (
          <Text c="gray.7">No hay ningún laboratorio con ese nombre. Prueba con otra parte del nombre.</Text>
        )}
        <NumberedPager label="Páginas de laboratorios" pagina={directory.pagina} paginas={directory.paginas} href={page} />
      </Stack>
    </PageContainer>
  );
}
