import { Button, Group, List, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { Link } from "react-router";
import { AuthPage } from "#app/features/accounts/auth-page";
import { useBusy } from "#app/features/accounts/use-busy";
import { useProfileSave } from "#app/features/accounts/use-profile-save";
import { loadAuthUser, pageRedirect, requireUser } from "#app/lib/page.server";
import { brandOf, withBrand } from "#app/lib/page-title";
import { linkTo, pathTo } from "#common/route-names";
import type { Route } from "./+types/jobs-terms";

/** Needs a delegation on the user's company; otherwise the company step comes first (product-spec §2, §5). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const authUser = await loadAuthUser(context.app, user.id);
  const empresa = authUser?.empresa;
  if (!empresa?.delegacion) throw pageRedirect(pathTo("crear-cuenta-empleo-empresa"), 302, request);
  return { empresa: empresa.nombre, delegacion: empresa.delegacion.nombre, brandName: context.app.config.brandName };
}

export const handle = { title: "Condiciones para publicar ofertas" };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: withBrand("Condiciones para publicar ofertas", brandOf(matches)) }, { name: "robots", content: "noindex" }];
}

export default function EmpleoCondiciones({ loaderData }: Route.ComponentProps) {
  const { busyMessage, run } = useBusy();
  const save = useProfileSave("empleo", run);
  const confirmDelete = () =>
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
      onConfirm: () =>
        void save("/api/user/delegacion", undefined, () => {}, { method: "delete", fallback: pathTo("crear-cuenta-empleo-empresa") }),
    });
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
          <Button variant="default" color="red" onClick={confirmDelete}>
            Eliminar delegación
          </Button>
          <Button component={Link} to={linkTo("crear-cuenta-empleo-success")}>
            Aceptar y continuar
          </Button>
        </Group>
      </Stack>
    </AuthPage>
  );
}
