import { Alert, Card, Group, List, Progress, Stack, Text, Title } from "@mantine/core";
import { CandidateNav } from "#app/features/jobs/candidate-nav";
import { ProfileForm } from "#app/features/jobs/profile-form";
import { useFormFailure } from "#app/lib/form";
import { PageContainer } from "#app/ui/layout/app-layout";
import type { Route } from "./+types/profile";
import { loadProfilePage, profileAction } from "./profile.server";

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadProfilePage(context, url);
}

export async function action({ context, request, url }: Route.ActionArgs) {
  return profileAction(context, request, url);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Mi perfil profesional · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

/** The candidate's profile (issue 28): experience, education, languages, skills, availability, salary, visibility. */
export default function Perfil({ loaderData, actionData }: Route.ComponentProps) {
  const form = useFormFailure(actionData);
  const saved = actionData && actionData.ok === true;
  return (
    <PageContainer>
      <Title order={1} mb="md">
        Mi perfil profesional
      </Title>
      <CandidateNav current="empleo-perfil" />
      <Stack gap="lg">
        {saved ? (
          <Alert color="teal" title="Perfil guardado" role="status">
            {loaderData.profile.abiertoAOfertas
              ? "Tu perfil está abierto a ofertas: los reclutadores pueden encontrarlo."
              : "Tu perfil solo lo ven las empresas a cuyas ofertas te inscribas."}
          </Alert>
        ) : null}
        <Completeness percent={loaderData.completeness.percent} missing={loaderData.completeness.missing} />
        <ProfileForm
          // A save re-renders the form with what was stored (rows sorted, blank ones gone).
          key={loaderData.updatedAt ?? "nuevo"}
          profile={loaderData.profile}
          currencies={loaderData.currencies}
          failure={form}
        />
      </Stack>
    </PageContainer>
  );
}

function Completeness({ percent, missing }: { percent: number; missing: string[] }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="completitud-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="completitud-title">
          Perfil completo al {percent} %
        </Title>
      </Group>
      <Progress value={percent} color={percent >= 80 ? "teal" : "blue"} aria-label={`Perfil completo al ${percent} %`} />
      {missing.length ? (
        <>
          <Text size="sm" mt="sm" c="gray.7">
            Para completarlo:
          </Text>
          <List size="sm" mt={4}>
            {missing.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text size="sm" mt="sm" c="gray.7">
          Tu perfil está completo.
        </Text>
      )}
    </Card>
  );
}
