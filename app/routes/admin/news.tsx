import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useSearchParams } from "react-router";
import { formatDateTime } from "#app/features/admin/format";
import { OlderPageButton } from "#app/features/admin/list-controls";
import { NEWS_STATUS_LABELS, type NewsStatus } from "#common/news/vocabulary";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/news";
import { loadNoticiasTable } from "./news.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadNoticiasTable(context, request);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.kind === "tribuna" ? "Tribunas" : "Noticias"} · Administración` }, { name: "robots", content: "noindex" }];
}

const COLORS: Record<NewsStatus, string> = { borrador: "gray", programada: "blue", publicada: "teal" };

export default function NoticiasAdmin({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const tribunas = loaderData.kind === "tribuna";
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {tribunas ? "Tribunas" : "Noticias"}
        </Title>
        <Button component={Link} to={linkTo(tribunas ? "admin-tribuna-nueva" : "admin-noticia-nueva")}>
          {tribunas ? "Nueva tribuna" : "Nueva noticia"}
        </Button>
      </Group>
      <Form method="get" role="search">
        <Group align="flex-end">
          <TextInput name="q" label="Buscar" placeholder="Título o entradilla" defaultValue={params.get("q") ?? ""} />
          <Select
            name="estado"
            label="Estado"
            clearable
            placeholder="Todos"
            defaultValue={params.get("estado") || null}
            data={Object.entries(NEWS_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
            comboboxProps={{ withinPortal: false }}
          />
          <Button type="submit" variant="default">
            Filtrar
          </Button>
        </Group>
      </Form>
      {loaderData.items.length === 0 ? (
        <Text>{tribunas ? "No hay tribunas que coincidan." : "No hay noticias que coincidan."}</Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Título</Table.Th>
                <Table.Th>{tribunas ? "Autor" : "Área"}</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>Publicación</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loaderData.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Anchor component={Link} to={linkTo(tribunas ? "admin-tribuna" : "admin-noticia", { id: item.id })} fw={600}>
                      {item.titulo}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{item.section}</Table.Td>
                  <Table.Td>
                    <Badge color={COLORS[item.status]} variant="light">
                      {NEWS_STATUS_LABELS[item.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{item.publicadaEn ? formatDateTime(item.publicadaEn) : "—"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <OlderPageButton before={loaderData.nextBefore} />
      </Group>
    </Stack>
  );
}
