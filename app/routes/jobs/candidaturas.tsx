import { Anchor, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { CandidateNav } from "#app/features/jobs/candidate-nav";
import { EmptyCard } from "#app/features/jobs/empty-card";
import { formatDate } from "#app/features/jobs/format";
import { offerLink } from "#app/features/jobs/offer-card";
import { locationText } from "#app/features/jobs/salary";
import { ApplicationStatusBadge } from "#app/features/jobs/status-badge";
import { useTimeZone } from "#app/lib/time-zone";
import { listMyApplications } from "#app/routes/jobs/jobs.server";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/candidaturas";
import { requireCandidatePage } from "./jobs.server";

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireCandidatePage(context, url);
  return { applications: await listMyApplications(context.app, user), brandName: context.app.config.brandName };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Mis candidaturas · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

export default function Candidaturas({ loaderData }: Route.ComponentProps) {
  const tz = useTimeZone();
  const { applications } = loaderData;
  return (
    <PageContainer>
      <Title order={1} mb="md">
        Mis candidaturas
      </Title>
      <CandidateNav current="empleo-candidaturas" />
      {applications.length === 0 ? (
        <EmptyCard title="Todavía no te has inscrito en ninguna oferta" action={{ label: "Buscar ofertas", to: linkTo("empleo") }}>
          Cuando te inscribas en una oferta, aquí verás su estado: recibida, en proceso, finalista o descartada.
        </EmptyCard>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {applications.map((application) => (
            <li key={application.id}>
              <Card withBorder radius="md" padding="lg" component="article">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                  <Stack gap={4} style={{ flex: "1 1 16rem" }}>
                    <Title order={2} size="h4">
                      <Anchor component={Link} to={offerLink(application.oferta)}>
                        {application.oferta.titulo}
                      </Anchor>
                    </Title>
                    <Text fw={600} size="sm" c="gray.8">
                      {application.oferta.empresa.nombre}
                    </Text>
                    <Text size="sm" c="gray.7">
                      {locationText(application.oferta)}
                    </Text>
                    <Text size="sm" c="gray.7">
                      Candidatura enviada el <time dateTime={application.creadaEn}>{formatDate(application.creadaEn, tz)}</time>
                      {application.actualizadaEn !== application.creadaEn ? (
                        <>
                          {" · "}Actualizada el{" "}
                          <time dateTime={application.actualizadaEn}>{formatDate(application.actualizadaEn, tz)}</time>
                        </>
                      ) : null}
                      {application.oferta.isOpen ? "" : " · Oferta cerrada"}
                    </Text>
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <Text size="xs" c="gray.7">
                      Estado
                    </Text>
                    <ApplicationStatusBadge estado={application.estado} />
                  </Stack>
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </PageContainer>
  );
}
