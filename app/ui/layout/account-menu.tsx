import { Avatar, Button, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { Link, useRouteLoaderData } from "react-router";
import { showFailureDialog } from "#app/features/accounts/dialogs";
import { api } from "#app/lib/api-client";
import { hasUserRole, useSession } from "#app/lib/session-store";
import type { RootData } from "#app/root";
import { linkTo } from "#common/route-names";

/**
 * The header's account entry: "Iniciar sesión" / "Crear cuenta" for visitors; for users, their
 * avatar and name opening a menu with the places that fit their roles.
 */
export function AccountMenu() {
  const { authUser } = useSession();
  const root = useRouteLoaderData<RootData>("root");
  if (!authUser) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button component={Link} to={linkTo("login")} variant="subtle" size="sm">
          Iniciar sesión
        </Button>
        <Button component={Link} to={linkTo("crear-cuenta")} size="sm" visibleFrom="xs">
          Crear cuenta
        </Button>
      </Group>
    );
  }
  const name = [authUser.nombre, authUser.apellidos].filter(Boolean).join(" ") || authUser.email;
  const isVisitador = hasUserRole(authUser, "visitador_farmaceutico", "marketing");
  const isEmpleo = hasUserRole(authUser, "administrador_empleo");
  const isAcademia = authUser.register_type === "academia" && Boolean(root?.academiaEnabled);
  const openAcademia = async () => {
    try {
      const { redirect_academia } = await api.post<{ redirect_academia: string }>("/api/redirigir-academia", { userId: authUser.id });
      window.location.assign(redirect_academia);
    } catch (error) {
      showFailureDialog((error as { serverMessage?: string }).serverMessage);
    }
  };
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Menú de cuenta de ${name}`} data-testid="account-menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar src={authUser.avatar} alt="" radius="xl" size={36} color="teal">
              {authUser.avatar_text}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" maw={160} truncate>
              {authUser.nombre || authUser.email}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item component={Link} to={linkTo("cuenta")}>
          Mi cuenta
        </Menu.Item>
        {isVisitador && (
          <Menu.Item component={Link} to={linkTo("visitadorPage")}>
            Mi perfil de visitador
          </Menu.Item>
        )}
        {isEmpleo && (
          <Menu.Item component={Link} to={linkTo("empleo-panel")}>
            Panel de empleo
          </Menu.Item>
        )}
        {isAcademia && <Menu.Item onClick={openAcademia}>Academia</Menu.Item>}
        <Menu.Divider />
        <Menu.Item component={Link} to={linkTo("logout")}>
          Cerrar sesión
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
