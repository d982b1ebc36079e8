import { Button, Group, List, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { FormEvent } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { AuthPage } from "#app/features/accounts/auth-page";
import { brandOf, withBrand } from "#app/lib/page-title";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/jobs-terms";
import { jobsTermsAction, loadJobsTerms } from "./jobs-terms.server";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadJobsTerms(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return jobsTermsAction(context, request);
}

export const handle = { title: "Condiciones para publicar ofertas" };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: withBrand("Condiciones para publicar ofertas", brandOf(matches)) }, { name: "robots", content: "noindex" }];
}

export default function EmpleoCondiciones({ loaderData }: Route.ComponentProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const busyMessage = navigation.state !== "idle" && navigation.formMethod === "POST" ? BUSY_MESSAGES.sending : null;
  // Hydrated, the button asks first; before hydration the form posts as it is.
  const confirmDelete = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    modals.openConfirmModal({
      title: "Eliminar delegación",
      centered: true,
      children: (
        <Text>
          Tus nuevas ofertas dejarán de publicarse en nombre de la delegación «{loaderData.delegacion}». A continuación elegirás de nuevo tu
          empresa.
        </Text>
      ),
      labels: { confirm: "Eliminar delegación", cancel: "Cancelar" },
      confirmProps: { color: "red" },
      onConfirm: () => void submit(form),
    });
  };
  return (
    <AuthPage title="Condiciones para publicar ofertas" busyMessage={busyMessage} size="sm">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            Publicarás en nombre de
          </Title>
          <Text>
            <strong>{loaderData.empresa}</strong> · Delegación {loaderData.delegacion}
          </Text>
        </Stack>
        <List spacing="xs">
          <List.Item>Las ofertas deben corresponder a puestos reales y vacantes de tu empresa o de tus clientes.</List.Item>
          <List.Item>No pidas a los candidatos pagos, datos bancarios ni datos de salud.</List.Item>
          <List.Item>Informa a cada candidato del estado de su candidatura desde el panel de empleo.</List.Item>
          <List.Item>
            Tratarás los datos de los candidatos solo para el proceso de selección, conforme al RGPD. {loaderData.brandName} puede retirar
            ofertas que incumplan estas condiciones.
          </List.Item>
        </List>
        <Group justify="space-between">
          <Form method="post" onSubmit={confirmDelete}>
            <input type="hidden" name="intent" value="remove-delegation" />
            <Button type="submit" variant="default" color="red">
              Eliminar delegación
            </Button>
          </Form>
          <Button component={Link} to={linkTo("crear-cuenta-empleo-success")}>
            Aceptar y continuar
          </Button>
        </Group>
      </Stack>
    </AuthPage>
  );
}
