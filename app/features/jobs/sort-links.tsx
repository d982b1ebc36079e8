import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { SEARCH_ORDER_LABELS, SEARCH_ORDERS, type SearchOrder } from "#common/jobs/vocabulary";

type Props = {
  /** The `orden` of the address ("" = the default). */
  current: string;
  hasKeywords: boolean;
  hrefOf: (orden: SearchOrder) => string;
};

/**
 * The listing's sort order as links (they work without JavaScript and keep the search in the
 * address). Relevance only means something with keywords; without them the default is the newest.
 */
export function SortLinks({ current, hasKeywords, hrefOf }: Props) {
  const orders = SEARCH_ORDERS.filter((orden) => hasKeywords || orden !== "relevancia");
  const active: SearchOrder = (SEARCH_ORDERS as readonly string[]).includes(current)
    ? (current as SearchOrder)
    : hasKeywords
      ? "relevancia"
      : "fecha";
  const effective = !hasKeywords && active === "relevancia" ? "fecha" : active;
  return (
    <Group component="nav" aria-label="Ordenar resultados" gap="xs" mb="sm">
      <Text size="sm" c="gray.7">
        Ordenar por:
      </Text>
      {orders.map((orden) =>
        orden === effective ? (
          <Text key={orden} size="sm" fw={700} aria-current="true">
            {SEARCH_ORDER_LABELS[orden]}
          </Text>
        ) : (
          <Anchor key={orden} component={Link} to={hrefOf(orden)} size="sm" preventScrollReset>
            {SEARCH_ORDER_LABELS[orden]}
          </Anchor>
        ),
      )}
    </Group>
  );
}
