import { Anchor, Breadcrumbs, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link } from "react-router";
import { ApplicantMessage } from "#app/features/jobs/applicant-message";
import { EmptyCard } from "#app/features/jobs/empty-card";
import { PersonCard, PersonList } from "#app/features/jobs/person-card";
import { SkillBadges } from "#app/features/jobs/profile-summary";
import { SimpleGrid } from "#app/ui/grid";
import { PageContainer } from "#app/ui/layout/app-layout";
import { AVAILABILITY_LABELS, LANGUAGE_LEVEL_LABELS } from "#common/jobs";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/talent";
import { loadTalent, messageFromTalent } from "./talent.server";

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadTalent(context, url);
}

/** «Enviar mensaje» to a profile: a chat request; the recruiter lands in the conversation. */
export async function action({ context, request, url }: Route.ActionArgs) {
  return messageFromTalent(context, url, await request.formData());
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Buscar candidatos · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

type LoaderData = Route.ComponentProps["loaderData"];

/** Recruiters search the profiles candidates opened to offers (issue 28, decision 0109). */
export default function Talento({ loaderData }: Route.ComponentProps) {
  const { items, total, pagina, paginas, criteria } = loaderData;
  const pageLink = (page: number) =>
    linkTo(
      "empleo-panel-talento",
      {},
      Object.fromEntries(Object.entries({ ...criteria, pagina: String(page) }).filter(([, value]) => value !== "")),
    );
  return (
    <PageContainer>
      <Stack gap="lg">
        <Breadcrumbs separator="›">
          <Anchor component={Link} to={linkTo("empleo-panel")} size="sm">
            Panel de empleo
          </Anchor>
          <Text size="sm" c="gray.7" aria-current="page">
            Buscar candidatos
          </Text>
        </Breadcrumbs>
        <Title order={1} size="h2">
          Buscar candidatos
        </Title>
        <Text c="gray.7">Perfiles de candidatos que se han declarado abiertos a ofertas. No mostramos su correo ni su teléfono.</Text>
        <Card withBorder radius="md" padding="lg">
          <Form method="get" role="search" aria-label="Buscar candidatos">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput
                name="q"
                label="Puesto o palabra clave"
                placeholder="p. ej. delegado oncología"
                defaultValue={criteria.q}
                maxLength={200}
              />
              <NativeSelect
                name="estado"
                label="Provincia"
                data={[{ value: "", label: "Todas" }, ...loaderData.estados]}
                defaultValue={criteria.estado}
              />
              <TextInput name="habilidad" label="Habilidad" placeholder="p. ej. CRM" defaultValue={criteria.habilidad} maxLength={40} />
            </SimpleGrid>
            <Group mt="md">
              <Button type="submit">Buscar</Button>
            </Group>
          </Form>
        </Card>
        <Text size="sm" c="gray.7" role="status">
          {total === 1 ? "1 perfil" : `${total} perfiles`}
        </Text>
        {items.length === 0 ? (
          <EmptyCard title="Ningún perfil coincide">Prueba con otras palabras, otra provincia u otra habilidad.</EmptyCard>
        ) : (
          <PersonList>
            {items.map((item) => (
              <li key={item.id}>
                <ResultCard item={item} />
              </li>
            ))}
          </PersonList>
        )}
        {paginas > 1 ? (
          <Group component="nav" aria-label="Páginas de resultados" gap="xs">
            {pagina > 1 ? (
              <Button component={Link} to={pageLink(pagina - 1)} variant="default" size="sm">
                Anterior
              </Button>
            ) : null}
            <Text size="sm" c="gray.7">
              Página {pagina} de {paginas}
            </Text>
            {pagina < paginas ? (
              <Button component={Link} to={pageLink(pagina + 1)} variant="default" size="sm">
                Siguiente
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </PageContainer>
  );
}

function ResultCard({ item }: { item: LoaderData["items"][number] }) {
  const headingId = `perfil-${item.id}`;
  return (
    <PersonCard
      headingId={headingId}
      name={item.nombre}
      gap="xs"
      details={
        <>
          {item.titular ? <Text fw={500}>{item.titular}</Text> : null}
          <Text size="sm" c="gray.7">
            {[item.puestoActual ? `${item.puestoActual.puesto} en ${item.puestoActual.empresa}` : null, item.provincia, item.pais]
              .filter(Boolean)
              .join(" · ")}
          </Text>
        </>
      }
      aside={
        item.conversacionId ? (
          <Button component={Link} to={linkTo("chat", { id: String(item.conversacionId) })} variant="light" size="xs">
            Abrir conversación
          </Button>
        ) : null
      }
    >
      <SkillBadges skills={item.habilidades} />
      <Text size="sm" c="gray.7">
        {[
          item.idiomas.length
            ? `Idiomas: ${item.idiomas.map((row) => `${row.idioma} (${LANGUAGE_LEVEL_LABELS[row.nivel]})`).join(", ")}`
            : null,
          item.disponibilidad ? `Disponibilidad: ${AVAILABILITY_LABELS[item.disponibilidad].toLowerCase()}` : null,
        ]
          .filter(Boolean)
          .join(" · ")}
      </Text>
      {item.conversacionId ? null : (
        <ApplicantMessage to={{ field: "perfil", id: item.id }} name={item.nombre} clientId={item.messageId} conversationId={null} />
      )}
    </PersonCard>
  );
}
