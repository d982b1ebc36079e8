import { Card, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { ACCOUNT_TYPES } from "#app/features/accounts/account-types";
import { pageRedirect } from "#app/lib/page.server";
import { brandOf, withBrand } from "#app/lib/page-title";
import { SimpleGrid } from "#app/ui/grid";
import { PlainButton } from "#app/ui/plain-button";
import { crearCuentaStep, registerTypeSchema } from "#common/accounts";
import { linkTo, pathTo } from "#common/route-names";
import type { Route } from "./+types/sign-up";

export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Guest-only (product-spec §6): a signed-in user goes to login, which sends them on by role.
  if (context.user) throw pageRedirect(pathTo("login"), 302, request);
  // The step may be chosen by the query value register_type (product-spec §2).
  const type = registerTypeSchema.safeParse(url.searchParams.get("register_type"));
  if (type.success) throw pageRedirect(crearCuentaStep(type.data) + url.search, 302, request);
  const { academiaUrl, academiaSecret, brandName, appUrl } = context.app.config;
  // The academy's type promises courses: offered only where the academy is configured (decision 0122).
  const academia = Boolean(academiaUrl && academiaSecret);
  return {
    brandName,
    canonicalUrl: `${appUrl}${pathTo("crear-cuenta")}`,
    types: ACCOUNT_TYPES.filter((entry) => academia || entry.type !== "academia"),
  };
}

export const handle = { title: "Crear cuenta" };

export function meta({ data, matches }: Route.MetaArgs) {
  return [
    { title: withBrand("Crear cuenta", brandOf(matches)) },
    {
      name: "description",
      content: `Crea tu cuenta gratuita en ${data?.brandName ?? "Farmanexo"} y elige el tipo de cuenta que encaja contigo.`,
    },
    // The one indexable registration page: its query (register_type) redirects, so one address.
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonicalUrl }] : []),
  ];
}

export default function CrearCuenta({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            Crea tu cuenta en {loaderData.brandName}
          </Title>
          <Text c="gray.7">Es gratis. Elige el tipo de cuenta que mejor te describe: después completarás un perfil pensado para ti.</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {loaderData.types.map((entry) => (
            <Card key={entry.type} withBorder padding="lg" radius="md" component="section" aria-labelledby={`tipo-${entry.type}`}>
              <Stack gap="xs" h="100%">
                <Title order={2} size="h4" id={`tipo-${entry.type}`}>
                  {entry.title}
                </Title>
                <Text size="sm" fw={600} c="teal.9">
                  {entry.who}
                </Text>
                <Text size="sm" c="gray.7" style={{ flexGrow: 1 }}>
                  {entry.text}
                </Text>
                <PlainButton
                  to={linkTo(entry.route)}
                  variant="light"
                  rootStyle={{ height: "auto", minHeight: 36, paddingBlock: 8 }}
                  labelStyle={{ whiteSpace: "normal", textAlign: "center" }}
                >
                  Crear cuenta de {entry.title.toLowerCase()}
                </PlainButton>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        <Text size="sm">
          ¿Ya tienes cuenta? <Link to={linkTo("login")}>Inicia sesión</Link>
        </Text>
      </Stack>
    </Container>
  );
}
