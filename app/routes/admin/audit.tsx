import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useSearchParams } from "react-router";
import { actionLabel, auditChanges, subjectOf } from "#app/features/admin/audit-labels";
import { formatDateTime } from "#app/features/admin/format";
import { OlderPageButton } from "#app/features/admin/list-controls";
import { assertCan, listAuditLog } from "#app/routes/admin/admin.server";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/audit";

/** Kinds of things the back office changes, for the filter. */
const SUBJECT_TYPES = [
  { value: "user", label: "Usuarios" },
  { value: "noticia", label: "Noticias" },
  { value: "tribuna", label: "Tribunas" },
  { value: "area", label: "Áreas" },
  { value: "categoria", label: "Categorías" },
  { value: "autor", label: "Autores" },
  { value: "feedback", label: "Opiniones" },
  { value: "chat_report", label: "Denuncias del chat" },
  { value: "newsletter", label: "Boletín" },
  { value: "product_revision", label: "Propuestas del catálogo" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  assertCan(context, request, "administration");
  const url = new URL(request.url);
  const before = Number(url.searchParams.get("antes"));
  const subjectType = url.searchParams.get("tipo") ?? undefined;
  const page = await listAuditLog(context.app.db, {
    q: url.searchParams.get("q") ?? undefined,
    subjectType: subjectType || undefined,
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
    limit: 50,
  });
  return {
    items: page.items.map((row) => ({ ...row, at: row.at.toISOString() })),
    nextBefore: page.nextBefore,
  };
}

export function meta() {
  return [{ title: "Registro de auditoría · Administración" }, { name: "robots", content: "noindex" }];
}

export default function Auditoria({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Registro de auditoría
      </Title>
      <Text c="gray.7">Quién hizo qué en la administración, cuándo, y cómo estaba antes y después.</Text>
      <Form method="get" role="search">
        <Group align="flex-end">
          <TextInput name="q" label="Buscar" placeholder="E-mail, acción o identificador" defaultValue={params.get("q") ?? ""} />
          <Select
            name="tipo"
            label="Tipo"
            data={SUBJECT_TYPES}
            clearable
            placeholder="Todos"
            defaultValue={params.get("tipo") ?? null}
            comboboxProps={{ withinPortal: false }}
          />
          <Button type="submit">Filtrar</Button>
        </Group>
      </Form>
      {loaderData.items.length === 0 ? (
        <Text>No hay acciones que coincidan.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Quién</Table.Th>
                <Table.Th>Acción</Table.Th>
                <Table.Th>Sobre</Table.Th>
                <Table.Th>Cambios</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loaderData.items.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <time dateTime={row.at}>{formatDateTime(row.at)}</time>
                  </Table.Td>
                  <Table.Td>{row.actorEmail ?? "Línea de comandos"}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{actionLabel(row.action)}</Text>
                    <Text size="xs" c="gray.7" ff="monospace">
                      {row.action}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Subject type={row.subjectType} id={row.subjectId} />
                  </Table.Td>
                  <Table.Td>
                    <Changes before={row.before} after={row.after} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        {params.get("antes") ? (
          <Button component={Link} to={linkTo("admin-auditoria")} variant="default">
            Más recientes
          </Button>
        ) : null}
        <OlderPageButton before={loaderData.nextBefore} />
      </Group>
    </Stack>
  );
}

function Subject({ type, id }: { type: string; id: string | null }) {
  const subject = subjectOf(type, id);
  return subject.to ? (
    <Anchor component={Link} to={subject.to} size="sm">
      {subject.label}
    </Anchor>
  ) : (
    <Text size="sm">{subject.label}</Text>
  );
}

/** Before and after side by side, one row per field, what changed first and in bold. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const rows = auditChanges(before, after);
  if (!rows.length) return <Text size="sm">—</Text>;
  const changed = rows.filter((row) => row.changed).length;
  return (
    <details>
      <summary>{changed === 1 ? "1 cambio" : `${changed} cambios`}</summary>
      <Table withTableBorder fz="xs" mt="xs" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Campo</Table.Th>
            <Table.Th>Antes</Table.Th>
            <Table.Th>Después</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.field} fw={row.changed ? 700 : undefined}>
              <Table.Th scope="row" fw={600}>
                {row.field}
              </Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{row.before}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{row.after}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </details>
  );
}
