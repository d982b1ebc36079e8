import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { formatDateTime } from "#app/features/admin/format";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/legal";
import { loadLegalAdmin } from "./legal.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadLegalAdmin(context, request);
}

export function meta() {
  return [{ title: "Textos legales · Administración" }, { name: "robots", content: "noindex" }];
}

/** The four legal texts and their version in force; each opens its editor (issue 27). */
export default function LegalAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Textos legales
      </Title>
      <Text c="gray.7">
        Cada publicación es una versión nueva con su fecha; las anteriores siguen públicas. Los datos del titular (nombre, NIF, domicilio,
        registro, correo) se rellenan con la configuración del servidor (variables LEGAL_*).
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Texto</Table.Th>
              <Table.Th>Versión vigente</Table.Th>
              <Table.Th>Publicada</Table.Th>
              <Table.Th>Cambio</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loaderData.documents.map((document) => (
              <Table.Tr key={document.slug}>
                <Table.Td>
                  <Anchor component={Link} to={linkTo("admin-legal-editar", { documento: document.slug })}>
                    {document.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{document.version}</Table.Td>
                <Table.Td>{formatDateTime(document.publishedAt)}</Table.Td>
                <Table.Td>{document.summary}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
