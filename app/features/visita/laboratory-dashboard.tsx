import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { linkToAppPath } from "#common/route-names";
import { verifiedProVisitsLabel } from "#common/visita/verifications";
import type { LaboratoryDashboard } from "#server/visita";

/** Marketing's view of their laboratory: each product, who carries it where, and their verifications. */
export function LaboratoryPanel({ laboratory }: { laboratory: LaboratoryDashboard }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="laboratorio-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="laboratorio-title">
          Panel del laboratorio{laboratory.laboratorios.length ? `: ${laboratory.laboratorios.map((l) => l.nombre).join(", ")}` : ""}
        </Title>
        {!laboratory.laboratorios.length ? (
          <Text c="gray.7">
            Tu empresa todavía no está vinculada a ningún laboratorio del catálogo. Escríbenos para vincularla y ver aquí sus productos.
          </Text>
        ) : !laboratory.productos.length ? (
          <Text c="gray.7">El laboratorio no tiene productos en el catálogo.</Text>
        ) : (
          <Stack gap="lg">
            {laboratory.productos.map((item) => (
              <Stack key={item.producto.id} gap="xs">
                <Group justify="space-between" wrap="wrap">
                  <Anchor component={Link} to={linkToAppPath(item.producto.url)} fw={600}>
                    {item.producto.nombre}
                  </Anchor>
                  <Group gap="xs">
                    {item.nuevo_en_registro ? (
                      <Badge variant="filled" color="blue" tt="none">
                        Nuevo en el registro
                      </Badge>
                    ) : null}
                    <Badge variant="light" color="gray" tt="none">
                      {item.visitadores.length === 1 ? "1 visitador" : `${item.visitadores.length} visitadores`}
                    </Badge>
                    <Badge variant="light" color={item.verificaciones ? "teal" : "gray"} tt="none">
                      {item.verificaciones === 1 ? "1 verificación" : `${item.verificaciones} verificaciones`}
                    </Badge>
                    <Badge variant="light" color={item.verificaciones_profesionales ? "indigo" : "gray"} tt="none">
                      {verifiedProVisitsLabel(item.verificaciones_profesionales)}
                    </Badge>
                  </Group>
                </Group>
                {item.provincias.length ? (
                  <Text size="sm" c="gray.7">
                    Por provincia: {item.provincias.map((p) => `${p.nombre} (${p.visitadores})`).join(", ")}
                  </Text>
                ) : null}
                {item.visitadores.length ? (
                  <Table.ScrollContainer minWidth={420}>
                    <Table striped withTableBorder fz="sm">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Visitador</Table.Th>
                          <Table.Th>Provincias</Table.Th>
                          <Table.Th>Verificaciones</Table.Th>
                          <Table.Th>Por profesionales verificados</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {item.visitadores.map((rep) => (
                          <Table.Tr key={rep.usuario.id}>
                            <Table.Td>
                              {rep.usuario.perfil_url ? (
                                <Anchor component={Link} to={linkToAppPath(rep.usuario.perfil_url)}>
                                  {rep.usuario.nombre}
                                </Anchor>
                              ) : (
                                rep.usuario.nombre
                              )}
                              {rep.usuario.empresa ? ` (${rep.usuario.empresa})` : ""}
                            </Table.Td>
                            <Table.Td>{rep.zonas.map((z) => z.nombre).join(", ")}</Table.Td>
                            <Table.Td>{rep.verificaciones}</Table.Td>
                            <Table.Td>{rep.verificaciones_profesionales}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                ) : (
                  <Text size="sm" c="gray.7">
                    Ningún visitador lo lleva en su cartera todavía.
                  </Text>
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
