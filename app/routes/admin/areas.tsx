import { Alert, Button, Group, NumberInput, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useFetcher } from "react-router";
import { useFormFailure } from "#app/lib/form";
import type { Route } from "./+types/areas";
import { areasAction, loadAreas, type NewsroomResult } from "./newsroom.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadAreas(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return areasAction(context, request);
}

export function meta() {
  return [{ title: "Áreas y categorías · Administración" }, { name: "robots", content: "noindex" }];
}

type Taxon = Route.ComponentProps["loaderData"]["areas"][number];
type Kind = "area" | "categoria";

export default function Areas({ loaderData }: Route.ComponentProps) {
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} size="h2">
          Áreas y categorías
        </Title>
        <Text c="gray.7" mt="xs">
          Las áreas ordenan la portada y el menú de noticias; las categorías dicen qué tipo de pieza es. Cambiar un nombre cambia su
          dirección (la antigua redirige a la nueva).
        </Text>
      </div>
      <TaxonTable kind="area" title="Áreas" rows={loaderData.areas} />
      <TaxonTable kind="categoria" title="Categorías" rows={loaderData.categorias} />
    </Stack>
  );
}

function TaxonTable({ kind, title, rows }: { kind: Kind; title: string; rows: Taxon[] }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nombre</Table.Th>
              <Table.Th>Descripción</Table.Th>
              <Table.Th>Orden</Table.Th>
              <Table.Th>Noticias</Table.Th>
              <Table.Th>Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <TaxonRow key={row.id} kind={kind} row={row} />
            ))}
            {/* Keyed by the count, so that the empty row starts afresh once a new entry has been added. */}
            <TaxonRow key={`nueva-${rows.length}`} kind={kind} row={null} />
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function TaxonRow({ kind, row }: { kind: Kind; row: Taxon | null }) {
  const fetcher = useFetcher<NewsroomResult>();
  const formId = `${kind}-${row?.id ?? "nueva"}`;
  const result = fetcher.data?.key === formId ? fetcher.data : null;
  const failure = useFormFailure(result);
  const who = row ? row.nombre : kind === "area" ? "nueva área" : "nueva categoría";
  const remove = () =>
    modals.openConfirmModal({
      title: `Borrar «${row?.nombre}»`,
      children: <Text size="sm">Se borrará para siempre. Solo es posible si ninguna noticia la usa. ¿Seguro?</Text>,
      labels: { confirm: "Borrar", cancel: "Cancelar" },
      confirmProps: { color: "red" },
      onConfirm: () => fetcher.submit({ intent: "delete", kind, id: String(row?.id) }, { method: "post" }),
    });
  // The form sits outside the table cells (inputs point at it with form=), so rows stay valid HTML.
  return (
    <Table.Tr>
      <Table.Td>
        <fetcher.Form method="post" id={formId} ref={failure.formRef}>
          <input type="hidden" name="kind" value={kind} />
          {row ? <input type="hidden" name="id" value={row.id} /> : null}
        </fetcher.Form>
        <TextInput
          name="nombre"
          form={formId}
          aria-label={`Nombre de ${who}`}
          placeholder={row ? undefined : kind === "area" ? "Nueva área" : "Nueva categoría"}
          defaultValue={row?.nombre ?? ""}
          error={failure.error("nombre")}
          maxLength={80}
          required
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          name="descripcion"
          form={formId}
          aria-label={`Descripción de ${who}`}
          defaultValue={row?.descripcion ?? ""}
          error={failure.error("descripcion")}
          maxLength={300}
        />
      </Table.Td>
      <Table.Td w={110}>
        <NumberInput
          name="orden"
          form={formId}
          aria-label={`Orden de ${who}`}
          defaultValue={row?.orden ?? 0}
          min={0}
          max={999}
          error={failure.error("orden")}
        />
      </Table.Td>
      <Table.Td>{row ? row.noticias : "—"}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button type="submit" form={formId} size="xs" loading={fetcher.state !== "idle"}>
            {row ? "Guardar" : "Añadir"}
          </Button>
          {row ? (
            <Button size="xs" variant="outline" color="red" onClick={remove} disabled={row.noticias > 0}>
              Borrar
            </Button>
          ) : null}
        </Group>
        {result ? (
          <Alert color={result.ok ? "teal" : "red"} p={6} mt={6} role={result.ok ? "status" : "alert"}>
            {result.message}
          </Alert>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
