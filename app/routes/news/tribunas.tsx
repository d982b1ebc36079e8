import { Stack, Text, Title } from "@mantine/core";
import { TribunaList } from "#app/features/news/tribuna-list";
import { metaDescription, siteImageMeta } from "#app/lib/share-meta";
import { PageContainer } from "#app/ui/layout/app-layout";
import type { Route } from "./+types/tribunas";
import { loadTribunas } from "./tribunas.server";

export async function loader({ context }: Route.LoaderArgs) {
  return loadTribunas(context);
}

export function meta({ data }: Route.MetaArgs) {
  const brand = data?.brandName ?? "Farmanexo";
  const description = `Tribunas de opinión: lo que piensan los profesionales de la industria, la farmacia, la distribución y la sanidad, en ${brand}.`;
  return [
    { title: `Tribunas de opinión · ${brand}` },
    { name: "description", content: metaDescription(description) },
    ...(data
      ? [
          { tagName: "link", rel: "canonical", href: data.canonicalUrl },
          { property: "og:url", content: data.canonicalUrl },
        ]
      : []),
    { property: "og:title", content: "Tribunas de opinión" },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand },
    { property: "og:locale", content: "es_ES" },
    ...(data ? siteImageMeta({ url: data.canonicalUrl, title: "Tribunas de opinión", description, brandName: brand }) : []),
  ];
}

export default function Tribunas({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <Stack gap="xl" maw={760}>
        <Stack gap="xs">
          <Title order={1}>Tribunas de opinión</Title>
          <Text c="gray.8">La opinión de quienes construyen el sector farmacéutico y sanitario.</Text>
        </Stack>
        {loaderData.items.length ? (
          <TribunaList items={loaderData.items} headingLevel={2} />
        ) : (
          <Text>Todavía no hay tribunas publicadas.</Text>
        )}
      </Stack>
    </PageContainer>
  );
}
