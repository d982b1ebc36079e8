import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { Link, useNavigation, useSubmit } from "react-router";
import { formatDateTime, openSessionsClause } from "#app/features/admin/format";
import { useFormFailure } from "#app/lib/form";
import { SimpleGrid } from "#app/ui/grid";
import { BACKOFFICE_ROLE_LABELS, BACKOFFICE_ROLES, type BackofficeRole } from "#common/accounts/permissions";
import { ACCOUNT_TYPE_LABELS, ROLE_LABELS } from "#common/admin/users";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/user";
import { loadUsuario, usuarioAction } from "./users.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadUsuario(context, request, params);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return usuarioAction(context, request, params);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.usuario.email ?? "Usuario"} · Administración` }, { name: "robots", content: "noindex" }];
}

const WHAT_ROLE_ALLOWS: Record<BackofficeRole, string> = {
  editor: "Escribe y publica noticias y tribunas; gestiona áreas, categorías y autores.",
  moderador: "Revisa el catálogo de productos y los mensajes denunciados del chat.",
  admin: "Todo lo anterior, más usuarios, roles, opiniones y la auditoría.",
};

export default function Usuario({ loaderData, actionData }: Route.ComponentProps) {
  const { usuario, selfId } = loaderData;
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const isSelf = usuario.id === selfId;
  const { failure } = useFormFailure(actionData);

  const changeRole = (role: BackofficeRole, granted: boolean) => {
    const send = () => submit({ intent: "role", role, granted: granted ? "1" : "0" }, { method: "post" });
    if (granted) return send();
    modals.openConfirmModal({
      title: `Retirar el rol ${BACKOFFICE_ROLE_LABELS[role]}`,
      children: <Text size="sm">{usuario.email} dejará de poder hacer esto en la administración. ¿Seguro?</Text>,
      labels: { confirm: "Retirar rol", cancel: "Cancelar" },
      confirmProps: { color: "red" },
      onConfirm: send,
    });
  };
  const changeBlock = (blocked: boolean) => {
    const send = () => submit({ intent: "block", blocked: blocked ? "1" : "0" }, { method: "post" });
    if (!blocked) return send();
    modals.openConfirmModal({
      title: "Bloquear la cuenta",
      children: (
        <Text size="sm">
          {usuario.email} no podrá iniciar sesión{openSessionsClause(usuario.sesiones)}. Podrás desbloquearla después. ¿Seguro?
        </Text>
      ),
      labels: { confirm: "Bloquear", cancel: "Cancelar" },
      confirmProps: { color: "red" },
      onConfirm: send,
    });
  };

  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to={linkTo("admin-usuarios")} size="sm">
        ← Usuarios
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
            {usuario.email}
          </Title>
          <Text c="gray.7">
            {usuario.nombre || "Sin nombre"} · #{usuario.id}
          </Text>
        </div>
        <Badge color={usuario.blockedAt ? "red" : "teal"} variant="light" size="lg">
          {usuario.blockedAt ? "Bloqueada" : "Activa"}
        </Badge>
      </Group>
      {actionData ? (
        <Alert color={failure ? "red" : "teal"} role={failure ? "alert" : "status"}>
          {actionData.message}
        </Alert>
      ) : null}
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Fact label="Tipo de cuenta" value={ACCOUNT_TYPE_LABELS[usuario.registerType]} />
          <Fact label="Roles" value={usuario.roles.map((role) => ROLE_LABELS[role] ?? role).join(", ") || "Ninguno"} />
          <Fact label="Alta" value={formatDateTime(usuario.createdAt)} />
          <Fact label="Correo confirmado" value={usuario.emailVerifiedAt ? formatDateTime(usuario.emailVerifiedAt) : "No"} />
          <Fact label="Último acceso" value={usuario.lastLoginAt ? formatDateTime(usuario.lastLoginAt) : "Nunca"} />
          <Fact label="Sesiones abiertas" value={String(usuario.sesiones)} />
        </SimpleGrid>
      </Card>

      <Title order={2} size="h3">
        Roles de la administración
      </Title>
      <Stack gap="sm">
        {BACKOFFICE_ROLES.map((role) => {
          const has = usuario.roles.includes(role);
          const locked = isSelf && role === "admin";
          return (
            <Card withBorder key={role} padding="sm">
              <Group justify="space-between" wrap="wrap">
                <div style={{ flex: "1 1 260px" }}>
                  <Group gap="xs">
                    <Text fw={600}>{BACKOFFICE_ROLE_LABELS[role]}</Text>
                    {has ? (
                      <Badge size="sm" variant="light">
                        Concedido
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm" c="gray.7">
                    {WHAT_ROLE_ALLOWS[role]}
                  </Text>
                </div>
                <Button
                  variant={has ? "outline" : "filled"}
                  color={has ? "red" : undefined}
                  disabled={busy || locked}
                  title={locked ? "No puedes quitarte tu propio rol de administrador" : undefined}
                  onClick={() => changeRole(role, !has)}
                >
                  {has ? `Retirar ${BACKOFFICE_ROLE_LABELS[role].toLowerCase()}` : `Conceder ${BACKOFFICE_ROLE_LABELS[role].toLowerCase()}`}
                </Button>
              </Group>
            </Card>
          );
        })}
      </Stack>

      <Title order={2} size="h3">
        Acceso
      </Title>
      <Card withBorder padding="sm">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" style={{ flex: "1 1 260px" }}>
            {usuario.blockedAt
              ? `Bloqueada desde el ${formatDateTime(usuario.blockedAt)}: no puede iniciar sesión.`
              : "Una cuenta bloqueada no puede iniciar sesión y pierde sus sesiones abiertas."}
          </Text>
          {usuario.blockedAt ? (
            <Button variant="default" disabled={busy} onClick={() => changeBlock(false)}>
              Desbloquear cuenta
            </Button>
          ) : (
            <Button color="red" disabled={busy || isSelf} onClick={() => changeBlock(true)}>
              Bloquear cuenta
            </Button>
          )}
        </Group>
      </Card>
      <Anchor component={Link} to={`${linkTo("admin-auditoria")}?tipo=user&q=${usuario.id}`} size="sm">
        Ver su historial en la auditoría
      </Anchor>
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
