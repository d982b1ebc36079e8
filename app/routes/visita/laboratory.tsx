import { Anchor, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { data, Link } from "react-router";
import { DemoNote } from "#app/features/visita/demo-note";
import { ProductCard } from "#app/features/visita/product-card";
import { metaDescription } from "#app/lib/share-meta";
import { PageContainer } from "#app/ui/layout/app-layout";
import { NumberedPager } from "#app/ui/numbered-pager";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/laboratory";
import { loadLaboratory } from "./laboratory.server";

/** laboratorio/{slug}: a laboratory of the register and its medicines, gated like the catalogue's search. */
export async function loader({ context, request, url, params }: Route.LoaderArgs) {
  const page = await loadLaboratory(context, request, url, params.slug);
  return data({ brandName: context.app.config.brandName, canonicalUrl: `${context.app.config.appUrl}${url.pathname}`, page });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Laboratorio no encontrado" }];
  const { page } = data;
  const description = `Medicamentos de ${page.laboratorio.nombre} en el catálogo: ${page.total.toLocaleString("es-ES")}, con su ficha y los visitadores que los presentan.`;
  return [
    { title: `${page.laboratorio.nombre} · Laboratorios · ${data.brandName}` },
    { name: "description", content: metaDescription(description) },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    ...(page.pagina > 1 ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

export default function Laboratory({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { laboratorio } = page;
  const pageLink = (pagina: number) => linkTo("laboratorio", { slug: laboratorio.slug }, pagina > 1 ? { pagina } : {});
  const marketed = page.total - page.titular;
  return (
    <PageContainer>
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to={linkTo("laboratorios")} size="sm">
            ‹ Laboratorios
          </Anchor>
          <Title order={1}>{laboratorio.nombre}</Title>
          <Text c="gray.7">
            {page.total === 1 ? "1 medicamento en el catálogo" : `${page.total.toLocaleString("es-ES")} medicamentos en el catálogo`}
            {marketed
              ? ` (titular de ${page.titular.toLocaleString("es-ES")}; comercializa ${marketed.toLocaleString("es-ES")} de otros titulares)`
              : ""}
          </Text>
          <Group>
            <Anchor component={Link} to={linkTo("result", {}, { laboratorio: laboratorio.slug })} size="sm">
              Buscar y filtrar sus medicamentos
            </Anchor>
          </Group>
        </Stack>
        <section aria-labelledby="medicamentos-title">
          <Title order={2} size="h4" id="medicamentos-title" mb="sm">
            Medicamentos
          </Title>
          {page.productos.length ? (
            <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {page.productos.map((product) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    actions={
                      product.papel === "comercializador" ? (
                        <Badge variant="light" color="gray" tt="none">
                          Lo comercializa este laboratorio
                        </Badge>
                      ) : null
                    }
                  />
                </li>
              ))}
            </Stack>
          ) : (
            <Text c="gray.7">Este laboratorio no tiene medicamentos en el catálogo.</Text>
          )}
        </section>
        <NumberedPager label="Páginas de medicamentos" pagina={page.pagina} paginas={page.paginas} href={pageLink} />
        <DemoNote />
      </Stack>
    </PageContainer>
  );
}
