import { Badge, Card, Container, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { LatestOffers, RecommendedOffers } from "#app/features/jobs/latest-offers";
import { useSession } from "#app/lib/session-store";
import { metaDescription, shareImageUrl, shareMeta } from "#app/lib/share-meta";
import { siteJsonLd } from "#app/lib/structured-data";
import { loadLatestOffers, loadRecommendedOffers } from "#app/routes/jobs/latest-offers.server";
import { SimpleGrid } from "#app/ui/grid";
import { JsonLd } from "#app/ui/json-ld";
import { PlainButton } from "#app/ui/plain-button";
import { linkTo, pathTo } from "#common/route-names";
import type { Route } from "./+types/home";
import classes from "./home.module.css";

export async function loader({ context }: Route.LoaderArgs) {
  const { appUrl, brandName } = context.app.config;
  // Anonymous visitors are answered from the page cache; a signed-in page is theirs (decision 0015).
  const [latestOffers, recommended] = await Promise.all([loadLatestOffers(context), loadRecommendedOffers(context)]);
  return {
    brandName,
    latestOffers,
    recommended,
    canonicalUrl: `${appUrl}${pathTo("home")}`,
    shareImage: shareImageUrl(appUrl),
    siteLd: siteJsonLd(appUrl, brandName),
  };
}

export function meta({ data }: Route.MetaArgs) {
  const brand = data?.brandName ?? "Farmanexo";
  const description = `${brand}: empleo, noticias, tribunas de opinión, chat y el área de visita médica para profesionales del sector farmacéutico y sanitario en España y Latinoamérica.`;
  return [
    { title: `${brand} · La red profesional del sector farmacéutico y sanitario` },
    { name: "description", content: metaDescription(description) },
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonicalUrl }] : []),
    ...shareMeta({
      title: brand,
      description,
      url: data?.canonicalUrl ?? "",
      image: data?.shareImage ?? "",
      imageAlt: `${brand}: empleo, noticias y visita médica`,
      brandName: brand,
    }),
  ];
}

const AREAS = [
  {
    title: "Empleo",
    text: "Ofertas de visitador médico, KAM, MSL, farmacia, registros y más en España y Latinoamérica. Filtra por país, cargo y provincia.",
    to: linkTo("empleo"),
    cta: "Ver ofertas",
    icon: "M9 4h6a2 2 0 0 1 2 2v1h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h3V6a2 2 0 0 1 2-2zm0 3h6V6H9z",
  },
  {
    title: "Noticias y tribunas",
    text: "La actualidad del sector por áreas y categorías, y la opinión de quienes lo construyen.",
    to: linkTo("noticias-index"),
    cta: "Leer noticias",
    icon: "M4 5h13v13a1 1 0 0 0 1 1H5a1 1 0 0 1-1-1zm2 2v4h5V7zm0 6v1.5h9V13zm0 3v1.5h9V16zm7-9v1.5h2V7zm0 3v1.5h2V10zM19 9h1v9a1 1 0 0 1-2 0z",
  },
  {
    title: "Visita",
    text: "Los visitadores muestran su cartera de productos, lanzan promociones y son verificados por los profesionales que visitan.",
    to: linkTo("visita"),
    cta: "Buscar productos",
    icon: "M15.5 3.5a5 5 0 0 1 5 8.6l-8.4 8.4a5 5 0 0 1-7.1-7.1l8.4-8.4a5 5 0 0 1 2.1-1.5zM9.3 9.3l-2.9 2.9a3 3 0 0 0 4.3 4.3l2.9-2.9z",
  },
  {
    title: "Chat",
    text: "Conversaciones en tiempo real entre profesionales, candidatos, empresas y delegados.",
    to: linkTo("chat"),
    cta: "Abrir el chat",
    icon: "M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4v-4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z",
  },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { brandName, latestOffers } = loaderData;
  const { authUser } = useSession();
  return (
    <>
      <JsonLd data={loaderData.siteLd} />
      <section className={classes.hero} aria-labelledby="hero-title">
        <Container size="lg" py={64}>
          <Stack gap="lg" maw={720}>
            <Badge variant="light" color="teal" size="lg">
              España y Latinoamérica
            </Badge>
            <Title id="hero-title" order={1} className={classes.heroTitle}>
              La red profesional del sector farmacéutico y sanitario
            </Title>
            <Text size="lg" c="gray.8">
              En {brandName} encuentras empleo, te informas con noticias y tribunas, hablas con otros profesionales y, si eres visitador,
              gestionas tu cartera de productos y tus promociones.
            </Text>
            <Group>
              {/* Signed-in visitors get their own pages instead (their page is never cached, decision 0015). */}
              {authUser ? (
                <PlainButton to={linkTo("cuenta")} size="md">
                  Ir a mi cuenta
                </PlainButton>
              ) : (
                <PlainButton to={linkTo("crear-cuenta")} size="md">
                  Crear una cuenta gratis
                </PlainButton>
              )}
              <PlainButton to={linkTo("empleo")} size="md" variant="default">
                Ver ofertas de empleo
              </PlainButton>
            </Group>
          </Stack>
        </Container>
      </section>
      <RecommendedOffers items={loaderData.recommended} now={latestOffers.now} />
      <LatestOffers items={latestOffers.items} now={latestOffers.now} />
      <Container size="lg" py="xl" component="section" aria-labelledby="areas-title">
        <Title id="areas-title" order={2} mb="lg">
          Todo lo que puedes hacer
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {AREAS.map((area) => (
            <Card key={area.title} withBorder padding="lg" radius="md">
              <Stack gap="sm" h="100%">
                <ThemeIcon variant="light" size={44} aria-hidden="true">
                  <svg viewBox="0 0 24 24" width={24} height={24} fill="currentColor" role="presentation">
                    <path d={area.icon} />
                  </svg>
                </ThemeIcon>
                <Title order={3} size="h4">
                  {area.title}
                </Title>
                <Text size="sm" c="gray.7" style={{ flexGrow: 1 }}>
                  {area.text}
                </Text>
                <PlainButton to={area.to} variant="light">
                  {area.cta}
                </PlainButton>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
