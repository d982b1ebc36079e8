import { Anchor, Group, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { linkToAppPath } from "#common/route-names";
import { STATS_EVENT_LABELS, type StatsEvent } from "#common/visita/stats";
import type { StatsRow } from "#server/visita";

/** One table of the dashboard with its CSV download (every row; the page may show fewer). */
export function StatsTable({
  id,
  title,
  first,
  rows,
  eventos,
  csvHref,
  empty,
}: {
  id: string;
  title: string;
  first: string;
  rows: StatsRow[];
  eventos: StatsEvent[];
  csvHref: string;
  empty: string;
}) {
  return (
    <section aria-labelledby={id}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Anchor href={csvHref} size="sm" download>
          Descargar CSV
        </Anchor>
      </Group>
      {rows.length ? (
        // A plain scrolling box that takes the keyboard's focus: a table without links (provinces) could
        // not be scrolled sideways from the keyboard on a phone (axe: scrollable-region-focusable).
        <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-labelledby={id}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" miw={200}>
                  {first}
                </Table.Th>
                {eventos.map((event) => (
                  <Table.Th key={event} scope="col" ta="right">
                    {STATS_EVENT_LABELS[event]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id ?? "none"}>
                  <Table.Th scope="row" fw={500}>
                    {row.url ? (
                      <Anchor component={Link} to={linkToAppPath(row.url)}>
                        {row.nombre}
                      </Anchor>
                    ) : (
                      row.nombre
                    )}
                  </Table.Th>
                  {eventos.map((event) => (
                    <Table.Td key={event} ta="right">
                      {(row.cifras[event] ?? 0).toLocaleString("es-ES")}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text c="gray.7">{empty}</Text>
      )}
    </section>
  );
}
