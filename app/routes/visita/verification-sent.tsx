import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { VerificationBadge } from "#app/features/visita/verification-requests";
import { brandOf, withBrand } from "#app/lib/page-title";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo, linkToAppPath } from "#common/route-names";
import type { Route } from "./+types/verification-sent";
import { loadSuccessVerif } from "./verifications.server";

/** visitador/success-verif: after sending, resending or cancelling a verification request. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadSuccessVerif(context, request, url);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = { title: "Solicitud de verificación" };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: withBrand("Solicitud de verificación", brandOf(matches)) }, { name: "robots", content: "noindex" }];
}

const TITLES = {
  enviada: "Solicitud enviada",
  reenviada: "Solicitud reenviada",
  cancelada: "Solicitud cancelada",
} as const;

export default function SuccessVerif({ loaderData }: Route.ComponentProps) {
  const { verification, accion } = loaderData;
  const { profesional, producto } = verification;
  return (
    <PageContainer>
      <Card withBorder radius="md" padding="xl" maw={680}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {TITLES[accion]}
          </Title>
          <Alert color={accion === "cancelada" ? "gray" : "teal"} role="status">
            {accion === "cancelada"
              ? `Has cancelado la solicitud a ${profesional.nombre}: su enlace ya no sirve.`
              : `Hemos enviado a ${profesional.nombre} (${profesional.email}) un enlace para confirmar que le presentas «${producto.nombre}». Caduca en 30 días.`}
          </Alert>
          <Group gap="xs">
            <Text size="sm">Estado:</Text>
            <VerificationBadge state={verification.estado} />
          </Group>
          <Group gap="sm">
            <Button component={Link} to={linkTo("visitadorPage")}>
              Ir a mi perfil de visitador
            </Button>
            <Button component={Link} to={linkTo("verificacion-prof", { idProd: producto.id, idVerif: "nueva", isRev: 0 })} variant="light">
              Pedir otra verificación
            </Button>
          </Group>
          <Anchor component={Link} to={linkToAppPath(producto.url)} size="sm">
            Ver la ficha del producto
          </Anchor>
        </Stack>
      </Card>
    </PageContainer>
  );
}
