import { Anchor, Button, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import { formatDateTime } from "#app/features/admin/format";
import { ACCOUNT_TYPE_LABELS, ROLE_LABELS, USER_STATE_LABELS } from "#common/admin/users";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/users";
import { loadUsuarios } from "./users.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadUsuarios(context, request);
}

export function meta() {
  return [{ title: "Usuarios · Administración" }, { name: "robots", content: "noindex" }];
}

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

export default function Usuarios({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { items, total, pagina, paginas } = loaderData;
  const goTo = (page: number) => {
    const query = new URLSearchParams(params);
    if (page > 1) query.set("pagina", String(page));
    else query.delete("pagina");
    navigate(`?${query.toString()}`);
  };
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Usuarios
      </Title>
      <Text c="gray.7">Busca cuentas, mira su tipo y sus roles, concede o retira roles de la administración y bloquea accesos.</Text>
      <Form method="get" role="search">
        <Group align="flex-end" gap="sm">
          <TextInput name="q" label="Buscar" placeholder="E-mail, nombre o id" defaultValue={params.get("q") ?? ""} maxLength={200} />
          <Select
            name="tipo"
            label="Tipo de cuenta"
            clearable
            placeholder="Todos"
            defaultValue={params.get("tipo") || null}
            data={options(ACCOUNT_TYPE_LABELS)}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            name="rol"
            label="Rol"
            clearable
            placeholder="Todos"
            defaultValue={params.get("rol") || null}
            data={options(ROLE_LABELS)}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            name="estado"
            label="Estado"
            clearable
            placeholder="Todos"
            defaultValue={params.get("estado") || null}
            data={options(USER_STATE_LABELS)}
            comboboxProps={{ withinPortal: false }}
          />
          <Button type="submit">Filtrar</Button>
        </Group>
      </Form>
      <Text size="sm" c="gray.7" aria-live="polite">
        {total === 1 ? "1 usuario" : `${total.toLocaleString("es-ES")} usuarios`}
      </Text>
      {items.length === 0 ? (
        <Text>No hay usuarios que coincidan.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Usuario</Table.Th>
                <Table.Th>Tipo de cuenta</Table.Th>
                <Table.Th>Roles</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>Último acceso</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Anchor component={Link} to={linkTo("admin-usuario", { id: row.id })} fw={600}>
                      {row.email}
                    </Anchor>
                    <Text size="xs" c="gray.7">
                      {row.nombre || "Sin nombre"} · #{row.id}
                    </Text>
                  </Table.Td>
                  <Table.Td>{ACCOUNT_TYPE_LABELS[row.registerType]}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.roles.map((role) => ROLE_LABELS[role] ?? role).join(", ") || "—"}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} c={row.blockedAt ? "red.8" : "teal.9"}>
                      {row.blockedAt ? USER_STATE_LABELS.bloqueado : USER_STATE_LABELS.activo}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{row.lastLoginAt ? formatDateTime(row.lastLoginAt) : "Nunca"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {paginas > 1 ? (
        <Pagination
          total={paginas}
          value={pagina}
          onChange={goTo}
          getControlProps={(control) => ({
            "aria-label": control === "previous" ? "Página anterior" : control === "next" ? "Página siguiente" : control,
          })}
          getItemProps={(page) => ({ "aria-label": `Página ${page}`, "aria-current": page === pagina ? "page" : undefined })}
        />
      ) : null}
    </Stack>
  );
}
