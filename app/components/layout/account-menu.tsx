import { Button, Group } from "@mantine/core";
import { Link } from "react-router";
import { linkTo } from "../../../common/route-names";

/** The header's account entry: log in and register (the accounts area replaces it for users). */
export function AccountMenu() {
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
