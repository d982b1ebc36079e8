import { Anchor, Badge, Card, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router";
import { formatDate } from "#app/lib/format";
import { useTimeZone } from "#app/lib/time-zone";
import { SimpleGrid } from "#app/ui/grid";
import { linkTo } from "#common/route-names";
import type { Promotion } from "#server/visita";
import { countEvent } from "./count-beacon";

const STATE_COLORS: Record<Promotion["estado"], string> = { borrador: "gray", activa: "teal", caducada: "dark", retirada: "red" };

/** "del 1 dic 2026 al 31 dic 2026", in the reader's zone. */
export function PromotionPeriod({ promotion }: { promotion: Pick<Promotion, "inicio" | "fin"> }) {
  const timeZone = useTimeZone();
  return (
    <>
      Del {formatDate(promotion.inicio, timeZone)} al {formatDate(promotion.fin, timeZone)}
    </>
  );
}

/**
 * Promotions as cards: the product page, a representative's public profile and their dashboard
 * draw it. `manage` adds each one's state and the link to edit it (for their author's own lists).
 */
export function PromotionList({
  promotions,
  manage = false,
  showProduct = true,
  empty = "No hay promociones.",
}: {
  promotions: Promotion[];
  manage?: boolean;
  showProduct?: boolean;
  empty?: string;
}) {
  if (promotions.length === 0) return <Text c="gray.7">{empty}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {promotions.map((promotion) => (
        <Card key={promotion.id} withBorder radius="md" padding="md" component="li">
          <Stack gap={6}>
            <Group gap="xs">
              <Badge variant="light" color="teal">
                {promotion.tipo_texto}
              </Badge>
              {manage ? (
                <Badge variant="light" color={STATE_COLORS[promotion.estado]}>
                  {promotion.estado_texto}
                </Badge>
              ) : null}
            </Group>
            <Text fw={600}>
              {promotion.estado === "activa" || manage ? (
                <Anchor
                  component={Link}
                  to={linkTo("laboratorio-promocion", { slug: promotion.producto.laboratorio.slug, idPromo: promotion.id })}
                  onClick={manage ? undefined : () => countEvent({ evento: "clic_promocion", promocion_id: promotion.id })}
                >
                  {promotion.titulo}
                </Anchor>
              ) : (
                promotion.titulo
              )}
            </Text>
            {showProduct ? (
              <Text size="sm">
                {promotion.producto.nombre} · {promotion.producto.laboratorio.nombre}
              </Text>
            ) : null}
            <Text size="sm" c="gray.7">
              <PromotionPeriod promotion={promotion} />
            </Text>
            {manage && promotion.retirada ? (
              <Text size="sm" c="red.8">
                Retirada por moderación: {promotion.retirada.motivo}
              </Text>
            ) : null}
            {manage && promotion.estado !== "retirada" ? (
              <Anchor component={Link} to={linkTo("edit-promo", { idPromo: promotion.id })} size="sm">
                Editar
                <VisuallyHidden> «{promotion.titulo}»</VisuallyHidden>
              </Anchor>
            ) : null}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
