import { Alert, Anchor, Badge, Group, SegmentedControl, Stack, Table, Text, Title } from "@mantine/core";
import { Link, useNavigate, useSearchParams } from "react-router";
import { formatDateTime } from "#app/features/admin/format";
import { KeywordSearch, OlderPageButton } from "#app/features/admin/list-controls";
import { linkTo } from "#common/route-names";
import { REVISION_STATUS_LABELS } from "#common/visita/vocabulary";
import type { Route } from "./+types/revisions";
import { loadRevisionQueue } from "./revisions.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadRevisionQueue(context, request);
}

export function meta() {
  return [{ title: "Propuestas del catálogo · Administración" }, { name: "robots", content: "noindex" }];
}

const KIND_LABELS = { nuevo: "Producto nuevo", cambios: "Cambios" } as const;
const STATUS_COLORS = { borrador: "gray", pendiente: "blue", aprobada: "teal", rechazada: "red", cerrada: "grape" } as const;

/** The moderators' queue of catalogue proposals: pending first by default, filters in the address. */
export default function Revisiones({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const estado = params.get("estado") ?? "pendiente";
  const tipo = params.get("tipo") ?? "";
  const setFilter = (key: string, value: string) => {
    const query = new URLSearchParams(params);
    query.delete("antes");
    query.delete("hecho");
    if (value) query.set(key, value);
    else query.delete(key);
    navigate(`?${query.toString()}`);
  };
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Propuestas del catálogo
      </Title>
      <Text c="gray.7">
        Productos nuevos y cambios que proponen los visitadores. Al aprobar, el catálogo cambia al momento y se guarda la versión anterior;
        el autor recibe un correo con tu decisión. Pendientes: {loaderData.pendientes}.
      </Text>
      {loaderData.done ? (
        <Alert color="teal" role="status">
          {loaderData.done === "aprobada"
            ? "Propuesta aprobada y aplicada al catálogo."
            : "Propuesta rechazada; el autor ya tiene el motivo."}
        </Alert>
      ) : null}
      <Group align="flex-end" justify="space-between" gap="sm">
        <Group gap="sm">
          <SegmentedControl
            aria-label="Estado"
            value={estado}
            onChange={(value) => setFilter("estado", value === "pendiente" ? "" : value)}
            data={[
              { value: "pendiente", label: "Pendientes" },
              { value: "aprobada", label: "Aprobadas" },
              { value: "rechazada", label: "Rechazadas" },
              { value: "cerrada", label: "Cerradas por el registro" },
            ]}
          />
          <SegmentedControl
            aria-label="Tipo"
            value={tipo}
            onChange={(value) => setFilter("tipo", value)}
            data={[
              { value: "", label: "Todas" },
              { value: "nuevo", label: "Nuevos" },
              { value: "cambios", label: "Cambios" },
            ]}
          />
        </Group>
        <KeywordSearch placeholder="Nombre, e-mail del autor o CN" keep={["estado", "tipo"]} />
      </Group>
      {loaderData.items.length === 0 ? (
        <Text>No hay propuestas que coincidan.</Text>
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Enviada</Table.Th>
                <Table.Th>Producto</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Autor</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loaderData.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <time dateTime={item.creado_en}>{formatDateTime(item.creado_en)}</time>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={linkTo("admin-revision", { id: item.id })} fw={600}>
                      {item.nombre}
                    </Anchor>
                    {item.desactualizada && item.estado === "pendiente" ? (
                      <Text size="xs" c="orange.9">
                        El producto ha cambiado desde la propuesta
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{KIND_LABELS[item.tipo]}</Table.Td>
                  <Table.Td>{item.autor}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Badge color={STATUS_COLORS[item.estado]} variant="light" tt="none" maw="none">
                      {REVISION_STATUS_LABELS[item.estado]}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <OlderPageButton before={loaderData.next_before} drop={["hecho"]} />
      </Group>
    </Stack>
  );
}
