import { Alert, Anchor, Avatar, Badge, Button, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { countEvent, useCountView } from "#app/features/visita/count-beacon";
import { GatedPortfolioNote, ProfessionalDeclaration } from "#app/features/visita/professional-declaration";
import { PromotionList } from "#app/features/visita/promotion-list";
import { useShortDate } from "#app/features/visita/verification-requests";
import { metaDescription, shareMeta, siteImageAlt } from "#app/lib/share-meta";
import { SimpleGrid } from "#app/ui/grid";
import { JsonLd } from "#app/ui/json-ld";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo, linkToAppPath } from "#common/route-names";
import { verifiedProVisitsLabel } from "#common/visita/verifications";
import type { Route } from "./+types/user-profile";
import { profileGateAction } from "./product.server";
import { loadUserProfile } from "./profile.server";

/** user/{user} (and /app/user/{user}): a representative's public profile, server-rendered. */
export async function loader({ context, request, url, params }: Route.LoaderArgs) {
  return loadUserProfile(context, request, url, params, url.pathname.startsWith("/app/visita/") ? "visita-user" : "user-public");
}

/** The professional gate's answer or its withdrawal, then the same profile again. */
export async function action({ context, request, url }: Route.ActionArgs) {
  return profileGateAction(context, request, url);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Perfil no encontrado" }];
  const { profile, canonicalUrl, brandName, imageUrl } = data;
  const { usuario } = profile;
  const title = `${usuario.nombre} · Visitador farmacéutico · ${brandName}`;
  const description = [
    usuario.cargo,
    usuario.empresa,
    profile.zonas.length ? `Zonas: ${profile.zonas.map((z) => z.nombre).join(", ")}` : null,
    `${profile.cartera.length} productos en cartera, ${profile.verificaciones} visitas verificadas por profesionales sanitarios.`,
  ]
    .filter(Boolean)
    .join(" · ");
  return [
    { title },
    { name: "description", content: metaDescription(description) },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    ...shareMeta({
      title,
      description,
      url: canonicalUrl,
      image: imageUrl,
      imageAlt: usuario.avatar ? `Foto de ${usuario.nombre}` : siteImageAlt(brandName),
      brandName,
    }),
    ...(profile.publico ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { profile, owner } = loaderData;
  const { usuario, zonas, cartera } = profile;
  useCountView(owner ? null : { evento: "vista_perfil", visitador_id: usuario.id });
  const date = useShortDate();
  return (
    <PageContainer>
      <JsonLd data={loaderData.jsonLd} />
      <Stack gap="xl">
        {owner && !profile.publico ? (
          <Alert color="blue" title="Vista previa" role="status">
            Tu perfil no es público: solo lo ves tú. Puedes hacerlo público desde{" "}
            <Anchor component={Link} to={linkTo("visitadorPage")} underline="always">
              tu perfil de visitador
            </Anchor>
            .
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="xl">
          <Group gap="xl" wrap="wrap" align="flex-start">
            <Avatar src={usuario.avatar} alt={usuario.avatar ? `Foto de ${usuario.nombre}` : ""} size={112} radius={112} color="teal">
              {usuario.avatar_text}
            </Avatar>
            <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
              <Badge variant="light" color="teal" w="fit-content">
                Visitador farmacéutico
              </Badge>
              <Title order={1} size="h2">
                {usuario.nombre}
              </Title>
              {usuario.cargo ? <Text fw={600}>{usuario.cargo}</Text> : null}
              {usuario.empresa ? <Text c="gray.7">{usuario.empresa}</Text> : null}
              <Text size="sm" c="gray.8">
                {verifiedProVisitsLabel(profile.verificaciones_profesionales)}
              </Text>
              <Text size="sm" c="gray.8">
                {profile.verificaciones - profile.verificaciones_profesionales === 1
                  ? "1 visita verificada"
                  : `${profile.verificaciones - profile.verificaciones_profesionales} visitas verificadas`}{" "}
                por otros profesionales sanitarios
              </Text>
              {owner ? null : (
                <Group mt="sm">
                  <Button
                    component={Link}
                    to={linkToAppPath(profile.contactar_url)}
                    onClick={() => countEvent({ evento: "contacto", visitador_id: usuario.id })}
                  >
                    Contactar
                  </Button>
                </Group>
              )}
            </Stack>
          </Group>
        </Paper>
        {zonas.length ? (
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="zonas-title">
            <Title order={2} size="h4" mb="sm" id="zonas-title">
              Zonas
            </Title>
            <Group gap="xs">
              {zonas.map((zona) => (
                <Badge key={zona.id} variant="outline" color="gray" size="lg" tt="none">
                  {zona.nombre}
                </Badge>
              ))}
            </Group>
          </Paper>
        ) : null}
        <section aria-labelledby="cartera-title">
          <Title order={2} size="h4" mb="sm" id="cartera-title">
            Productos que presenta
          </Title>
          <Stack gap="xs" mb="sm">
            {loaderData.professional ? <ProfessionalDeclaration /> : <GatedPortfolioNote />}
          </Stack>
          {cartera.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {cartera.map((item) => (
                <Card key={item.entrada_id} withBorder radius="md" padding="md">
                  <Stack gap={4}>
                    {/* The entry, not the product's own page: a view through the profile counts for the representative (issue 32). */}
                    <Anchor component={Link} to={linkToAppPath(item.url)} fw={600}>
                      {item.producto.nombre}
                    </Anchor>
                    <Text size="sm" c="gray.7">
                      {item.producto.laboratorio.nombre}
                      {item.zonas.length ? ` · ${item.zonas.map((z) => z.nombre).join(", ")}` : ""}
                    </Text>
                    <Group gap="xs" mt={4}>
                      <Badge variant="light" color={item.verificaciones ? "teal" : "gray"} tt="none">
                        {item.verificaciones === 1 ? "1 verificación" : `${item.verificaciones} verificaciones`}
                      </Badge>
                      {item.ultima_verificacion ? (
                        <Text size="xs" c="gray.7">
                          Última: {date(item.ultima_verificacion)}
                        </Text>
                      ) : null}
                    </Group>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          ) : (
            <Text c="gray.7">Todavía no tiene productos en su cartera.</Text>
          )}
        </section>
        {loaderData.promotions.length ? (
          <section aria-labelledby="promociones-title">
            <Title order={2} size="h4" mb="sm" id="promociones-title">
              Promociones activas
            </Title>
            <PromotionList promotions={loaderData.promotions} />
          </section>
        ) : null}
      </Stack>
    </PageContainer>
  );
}
