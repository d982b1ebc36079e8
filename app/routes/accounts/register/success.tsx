import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Link } from "react-router";
import { appRelative } from "#app/features/accounts/navigation";
import { destinationsOf, pagePathOf } from "#app/lib/page.server";
import { brandOf, withBrand } from "#app/lib/page-title";
import { ACCOUNT_MESSAGES, destinationAfterLogin } from "#common/accounts";
import { linkTo, pathTo } from "#common/route-names";
import type { Route } from "./+types/success";

type Kind = "registro" | "web" | "visita" | "mkt" | "empleo" | "candidato";

const KIND_OF_PATH = /\/auth\/crear-cuenta\/(?:(web|visita|mkt|empleo|candidato)\/)?success\/?$/;

const COPY: Record<Kind, { title: string; text: string; cta: string }> = {
  registro: {
    title: ACCOUNT_MESSAGES.confirmationSent,
    text: "Abre el enlace del correo que te hemos enviado para confirmar tu dirección y completar tu perfil. Si no lo ves, revisa la carpeta de correo no deseado.",
    cta: "Ir a iniciar sesión",
  },
  web: {
    title: "¡Tu perfil está completo!",
    text: "Ya puedes leer noticias y tribunas, hablar con otros profesionales y gestionar tu cuenta.",
    cta: "Continuar",
  },
  candidato: {
    title: "¡Tu perfil de candidato está listo!",
    text: "Ya puedes inscribirte en ofertas de empleo, seguir tus candidaturas y crear alertas.",
    cta: "Ir a mi cuenta",
  },
  visita: {
    title: "¡Tu perfil de visitador está listo!",
    text: "Los profesionales ya pueden encontrarte por las zonas que cubres. Revisa tu perfil privado.",
    cta: "Ir a mi perfil de visitador",
  },
  mkt: {
    title: "¡Tu perfil de marketing está listo!",
    text: "Tu laboratorio ya está registrado. Revisa tu perfil privado.",
    cta: "Ir a mi perfil",
  },
  empleo: {
    title: "¡Tu empresa está lista para publicar ofertas!",
    text: "Desde el panel de empleo puedes publicar ofertas, recibir candidaturas y gestionar tus procesos de selección.",
    cta: "Ir al panel de empleo",
  },
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = (pagePathOf(request).match(KIND_OF_PATH)?.[1] ?? "registro") as Kind;
  const redirectUrl = url.searchParams.get("redirect_url");
  let next = pathTo("login");
  if (context.user && kind !== "registro") next = destinationAfterLogin(context.user, redirectUrl, destinationsOf(context.app.config));
  return {
    kind,
    email: url.searchParams.get("email"),
    next,
    signedIn: Boolean(context.user),
    registerType: url.searchParams.get("register_type"),
  };
}

export const handle = { title: (data: unknown) => COPY[(data as { kind: Kind } | undefined)?.kind ?? "registro"].title };

export function meta({ data, matches }: Route.MetaArgs) {
  return [{ title: withBrand(COPY[data?.kind ?? "registro"].title, brandOf(matches)) }, { name: "robots", content: "noindex" }];
}

export default function CrearCuentaSuccess({ loaderData }: Route.ComponentProps) {
  const { kind, email, next, signedIn } = loaderData;
  const copy = COPY[kind];
  const inApp = next.startsWith("/") ? appRelative(next) : undefined;
  const cta = kind !== "registro" && !signedIn ? "Iniciar sesión" : copy.cta;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
            <svg viewBox="0 0 24 24" width={28} height={28} fill="currentColor" role="presentation">
              <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
            </svg>
          </ThemeIcon>
          <Title order={1} size="h2">
            {copy.title}
          </Title>
          {kind === "registro" && email && (
            <Text>
              Te hemos enviado un correo a <strong>{email}</strong>.
            </Text>
          )}
          <Text c="gray.7">{copy.text}</Text>
          <Group>
            {inApp !== undefined ? (
              <Button component={Link} to={inApp}>
                {cta}
              </Button>
            ) : (
              <Button component="a" href={next}>
                {cta}
              </Button>
            )}
            {kind === "candidato" && (
              <Button component={Link} to={linkTo("empleo")} variant="default">
                Ver ofertas de empleo
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
