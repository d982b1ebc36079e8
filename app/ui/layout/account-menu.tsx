import { Avatar, Button, Group, Menu, UnstyledButton } from "@mantine/core";
import { Link, useRouteLoaderData } from "react-router";
import { showFailureDialog } from "#app/features/accounts/dialogs";
import { api } from "#app/lib/api-client";
import { useSession } from "#app/lib/session-store";
import type { RootData } from "#app/root";
import { linkTo } from "#common/route-names";
import { accountLinksFor } from "./account-links";
import classes from "./app-layout.module.css";

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
        {/* Only phrasing content inside a <button> (valid HTML): spans, not Mantine's divs. */}
        <UnstyledButton aria-label={`Menú de cuenta de ${name}`} data-testid="account-menu" className={classes.menuButton}>
          <Avatar component="span" src={authUser.avatar} alt="" radius="xl" size={36} color="teal">
            {authUser.avatar_text}
          </Avatar>
          <span className={classes.menuName}>{authUser.nombre || authUser.email}</span>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        {accountLinksFor(authUser).map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
        {isAcademia && <Menu.Item onClick={openAcademia}>Academia</Menu.Item>}
        <Menu.Divider />
        <Menu.Item component={Link} to={linkTo("logout")}>
          Cerrar sesión
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
