import { Alert, Anchor, Avatar, Badge, Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { LaboratoryPanel } from "#app/features/visita/laboratory-dashboard";
import { MyPromotionsSection } from "#app/features/visita/promotion-section";
import { PortfolioVerifications, PublicProfileCard } from "#app/features/visita/representative-dashboard";
import { loadAuthUser, loadOwnProfile } from "#app/lib/page.server";
import { SimpleGrid } from "#app/ui/grid";
import { linkTo, linkToAppPath } from "#common/route-names";
import { REVISION_STATUS_LABELS } from "#common/visita/vocabulary";
import type { Route } from "./+types/representative";
import { dashboardAction, isMarketing, loadDashboard, takeVisitaNotices } from "./dashboard.server";
import { assertCan, keepPortfolio } from "./portfolio.server";
import { listPromotionsByState } from "./promotions.server";
import { listMyRevisions } from "./proposals.server";

/** The representative's private profile home (visitadorPage): visitador_farmaceutico or marketing only. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = assertCan(context, request, keepPortfolio);
  const [authUser, profile, notices, revisions, dashboard, promotions] = await Promise.all([
    loadAuthUser(context.app, user.id),
    loadOwnProfile(context.app.db, user.id),
    takeVisitaNotices(context, user),
    listMyRevisions(context.app, user, 10),
    loadDashboard(context, user),
    listPromotionsByState(context.app, { ...user, timeZone: context.timeZone }),
  ]);
  if (!authUser || !profile) throw new Response("No encontrado", { status: 404 });
  return {
    nombre: [authUser.nombre, authUser.apellidos].filter(Boolean).join(" ") || authUser.email,
    avatar: authUser.avatar,
    avatarText: authUser.avatar_text,
    pais: authUser.pais?.nombre ?? null,
    cargo: profile.cargo,
    zonas: profile.zonas,
    marketing: isMarketing(user),
    empresa: authUser.empresa ? { nombre: authUser.empresa.nombre, delegacion: authUser.empresa.delegacion?.nombre ?? null } : null,
    ...dashboard,
    perfilCambiado: url.searchParams.get("perfil"),
    notices,
    revisions: revisions.map((r) => ({
      id: r.id,
      nombre: r.nombre,
      estado: r.estado,
      tipo: r.tipo,
      motivo: r.motivo,
      producto_id: r.producto_id,
    })),
    removed: url.searchParams.has("quitado"),
    promotions,
  };
}

/** The public-profile switch. */
export async function action({ context, request }: Route.ActionArgs) {
  return dashboardAction(context, request);
}

export const handle = { title: "Mi perfil de visitador" };

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.marketing ? "Panel de mi laboratorio" : "Mi perfil de visitador" }, { name: "robots", content: "noindex" }];
}

export default function VisitadorPage({ loaderData }: Route.ComponentProps) {
  const {
    nombre,
    avatar,
    avatarText,
    pais,
    cargo,
    zonas,
    marketing,
    empresa,
    dashboard,
    laboratory,
    removed,
    notices,
    revisions,
    promotions,
  } = loaderData;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        {notices.length ? (
          <Alert color="blue" title="Novedades" role="status">
            <Stack gap={4} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
              {notices.map((notice) => (
                <li key={notice.id}>
                  {notice.enlace ? (
                    <Anchor component={Link} to={linkToAppPath(notice.enlace)}>
                      {notice.texto}
                    </Anchor>
                  ) : (
                    notice.texto
                  )}
                </li>
              ))}
            </Stack>
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="xl">
          <Group gap="xl" wrap="wrap" align="flex-start">
            <Avatar src={avatar} alt={avatar ? `Foto de ${nombre}` : ""} size={112} radius={112} color="teal">
              {avatarText}
            </Avatar>
            <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
              <Badge variant="light" color="teal" w="fit-content">
                {marketing ? "Marketing de laboratorio" : "Visitador farmacéutico"}
              </Badge>
              <Title order={1} size="h2">
                {nombre}
              </Title>
              {marketing ? (
                // A marketing account speaks for its laboratories, whatever job title it registered with (issue 26).
                <Text fw={600}>
                  Equipo de marketing
                  {laboratory?.laboratorios.length
                    ? ` de ${laboratory.laboratorios.map((lab) => lab.nombre).join(", ")}`
                    : " de laboratorio"}
                </Text>
              ) : (
                cargo && <Text fw={600}>{cargo}</Text>
              )}
              {empresa && (
                <Text c="gray.7">
                  {empresa.nombre}
                  {empresa.delegacion ? ` · ${empresa.delegacion}` : ""}
                </Text>
              )}
              {pais && (
                <Text size="sm" c="gray.7">
                  {pais}
                </Text>
              )}
              <Group gap="xs" mt="sm">
                <Button component={Link} to={linkTo("cuenta")} variant="light">
                  Editar mi perfil
                </Button>
                <Button component={Link} to={linkTo("cuenta-privacidad")} variant="default">
                  Privacidad
                </Button>
              </Group>
            </Stack>
          </Group>
        </Paper>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {zonas.length > 0 && (
            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="zonas-title">
              <Title order={2} size="h4" mb="sm" id="zonas-title">
                Zonas que cubres
              </Title>
              <Group gap="xs">
                {zonas.map((zona) => (
                  <Badge key={zona.id} variant="outline" color="gray" size="lg" tt="none">
                    {zona.nombre}
                  </Badge>
                ))}
              </Group>
            </Paper>
          )}
          {marketing ? (
            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="empresa-title">
              <Title order={2} size="h4" mb="sm" id="empresa-title">
                {laboratory && laboratory.laboratorios.length === 1 ? "Tu laboratorio" : "Tus laboratorios"}
              </Title>
              {laboratory?.laboratorios.length ? (
                <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
                  {laboratory.laboratorios.map((lab) => (
                    <li key={lab.id}>
                      <Anchor component={Link} to={linkTo("laboratorio", { slug: lab.slug })} fw={600}>
                        {lab.nombre}
                      </Anchor>
                    </li>
                  ))}
                </Stack>
              ) : (
                <Text c="gray.7">Tu empresa todavía no está vinculada a ningún laboratorio del catálogo.</Text>
              )}
              {empresa && (
                <Text c="gray.7" mt="xs">
                  Empresa: {empresa.nombre}
                  {empresa.delegacion ? ` · ${empresa.delegacion}` : ""}
                </Text>
              )}
            </Paper>
          ) : (
            empresa && (
              <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="empresa-title">
                <Title order={2} size="h4" mb="sm" id="empresa-title">
                  Tu empresa
                </Title>
                <Text fw={600}>{empresa.nombre}</Text>
                {empresa.delegacion && <Text c="gray.7">Delegación: {empresa.delegacion}</Text>}
              </Paper>
            )
          )}
        </SimpleGrid>
        <PublicProfileCard perfil={dashboard.perfil} appUrl={loaderData.appUrl} changed={loaderData.perfilCambiado} />
        <Group>
          <Button component={Link} to={linkTo("estadisticas")} variant="light">
            {marketing ? "Estadísticas de tus laboratorios" : "Tus estadísticas: visitas, contactos y verificaciones"}
          </Button>
        </Group>
        {laboratory ? <LaboratoryPanel laboratory={laboratory} /> : null}
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="cartera-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="cartera-title">
              Mi cartera de productos
            </Title>
            <Group gap="xs">
              <Button component="a" href="#promociones" size="xs" variant="default">
                Mis promociones
              </Button>
              <Button component={Link} to={linkTo("search-product")} size="xs">
                Añadir productos
              </Button>
            </Group>
          </Group>
          {removed ? (
            <Alert color="teal" mb="sm" role="status">
              Producto quitado de tu cartera.
            </Alert>
          ) : null}
          {dashboard.cartera.length ? (
            <PortfolioVerifications cartera={dashboard.cartera} />
          ) : (
            <Text c="gray.7">
              Todavía no tienes productos en tu cartera. Añádelos para que los profesionales de tus zonas te encuentren.
            </Text>
          )}
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="propuestas-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="propuestas-title">
              Mis propuestas al catálogo
            </Title>
            <Button component={Link} to={linkTo("nuevo-producto")} size="xs" variant="light">
              Proponer un producto
            </Button>
          </Group>
          {revisions.length ? (
            <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {revisions.map((revision) => (
                <li key={revision.id}>
                  <Group gap="sm" justify="space-between" wrap="nowrap">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Anchor
                        component={Link}
                        to={
                          revision.estado === "borrador"
                            ? linkTo("preview-editar-producto", {}, { revision: revision.id })
                            : linkTo("crear-revision-success", {}, { revision: revision.id })
                        }
                        fw={600}
                      >
                        {revision.nombre}
                      </Anchor>
                      {revision.motivo ? (
                        <Text size="sm" c="gray.7">
                          {revision.estado === "cerrada" ? "Nota" : "Motivo"}: {revision.motivo}
                        </Text>
                      ) : null}
                    </Stack>
                    <Badge
                      variant="light"
                      color={
                        revision.estado === "aprobada"
                          ? "teal"
                          : revision.estado === "rechazada"
                            ? "red"
                            : revision.estado === "cerrada"
                              ? "blue"
                              : "gray"
                      }
                      tt="none"
                    >
                      {REVISION_STATUS_LABELS[revision.estado]}
                    </Badge>
                  </Group>
                </li>
              ))}
            </Stack>
          ) : (
            <Text c="gray.7">Si falta un medicamento en el catálogo o algún dato está mal, propónlo: un moderador lo revisará.</Text>
          )}
        </Paper>
        <MyPromotionsSection groups={promotions} />
      </Stack>
    </Container>
  );
}
