import { Anchor, Avatar, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Form, Link } from "react-router";
import { LinkifiedText } from "#app/ui/linkified-text";
import { PlainButton } from "#app/ui/plain-button";
import { PlainSelect } from "#app/ui/plain-mantine";
import { linkTo, linkToAppPath } from "#common/route-names";
import type { RepresentativesResult } from "#server/visita";
import { countEvent } from "./count-beacon";

/**
 * The representatives who carry a product, filterable by province with a plain GET form.
 * The name opens the representative's public profile (their verified visits) when they made it
 * public, else their entry for this product. "Contactar" opens the chat with that representative;
 * the chat page sends an anonymous visitor to login first and back to this conversation afterwards.
 */
export function Representatives({
  result,
  estadoId,
  productId,
}: {
  result: RepresentativesResult;
  estadoId: number | null;
  productId: number;
}) {
  const current = result.zonas.find((z) => z.id === estadoId);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="visitadores-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="visitadores-title">
          Visitadores que lo presentan{current ? ` en ${current.nombre}` : ""}
        </Title>
        {result.zonas.length ? (
          <Form method="get" preventScrollReset>
            <Group gap="xs" align="flex-end">
              <PlainSelect
                name="estado"
                label="Provincia"
                defaultValue={estadoId ? String(estadoId) : ""}
                data={[
                  { value: "", label: "Todas las provincias" },
                  ...result.zonas.map((z) => ({ value: String(z.id), label: `${z.nombre} (${z.count})` })),
                ]}
              />
              <PlainButton type="submit" variant="default">
                Filtrar
              </PlainButton>
            </Group>
          </Form>
        ) : null}
        {result.items.length ? (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {result.items.map((rep) => (
              <li key={rep.entrada_id}>
                <Group align="flex-start" wrap="nowrap" gap="md">
                  <Avatar src={rep.usuario.avatar} alt="" radius="xl" color="teal">
                    {rep.usuario.avatar_text}
                  </Avatar>
                  <Stack gap={2} style={{ flex: 1 }}>
                    <Anchor component={Link} to={linkToAppPath(rep.usuario.perfil_url ?? rep.url)} fw={600}>
                      {rep.usuario.nombre}
                    </Anchor>
                    {rep.usuario.cargo || rep.usuario.empresa ? (
                      <Text size="sm" c="gray.7">
                        {[rep.usuario.cargo, rep.usuario.empresa].filter(Boolean).join(" · ")}
                      </Text>
                    ) : null}
                    <Group gap={4}>
                      {rep.zonas.map((z) => (
                        <Badge key={z.id} variant="outline" color="gray" tt="none" size="sm">
                          {z.nombre}
                        </Badge>
                      ))}
                    </Group>
                    {rep.nota ? (
                      <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                        <LinkifiedText text={rep.nota} />
                      </Text>
                    ) : null}
                  </Stack>
                  <PlainButton
                    to={linkTo("chat", {}, { to: rep.usuario.id, origen: "visita", producto: productId })}
                    variant="light"
                    size="xs"
                    aria-label={`Contactar con ${rep.usuario.nombre}`}
                    onClick={() => countEvent({ evento: "contacto", visitador_id: rep.usuario.id, producto_id: productId })}
                  >
                    Contactar
                  </PlainButton>
                </Group>
              </li>
            ))}
          </Stack>
        ) : (
          <Text c="gray.7">
            {current
              ? `Ningún visitador presenta este medicamento en ${current.nombre} todavía.`
              : "Ningún visitador lo tiene todavía en su cartera."}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
