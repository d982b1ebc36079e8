import { Anchor, List, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import classes from "./listing-facets.module.css";

type FacetItem = { key: string; label: string; count: number; to: string; current?: boolean };

const VISIBLE = 10;

function FacetEntry({ item }: { item: FacetItem }) {
  const text = `${item.label} (${item.count.toLocaleString("es-ES")})`;
  return (
    <List.Item>
      {item.current ? (
        <Text component="span" size="sm" fw={700} aria-current="page">
          {text}
        </Text>
      ) : (
        <Anchor component={Link} to={item.to} size="sm">
          {text}
        </Anchor>
      )}
    </List.Item>
  );
}

/**
 * A facet: links that narrow the search, each with how many offers it leaves. Past the first ten,
 * the rest fold into a native <details> (no JavaScript needed to open it).
 */
export function Facet({
  id,
  title,
  items,
  allLink,
}: {
  id: string;
  title: string;
  items: FacetItem[];
  allLink?: { label: string; to: string };
}) {
  if (!items.length && !allLink) return null;
  const first = items.slice(0, VISIBLE);
  const rest = items.slice(VISIBLE);
  const currentInRest = rest.find((item) => item.current);
  if (currentInRest) {
    first.push(currentInRest);
    rest.splice(rest.indexOf(currentInRest), 1);
  }
  return (
    <Stack gap={6} component="nav" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      <List listStyleType="none" spacing={4} size="sm">
        {allLink ? (
          <List.Item>
            <Anchor component={Link} to={allLink.to} size="sm">
              {allLink.label}
            </Anchor>
          </List.Item>
        ) : null}
        {first.map((item) => (
          <FacetEntry key={item.key} item={item} />
        ))}
      </List>
      {rest.length ? (
        <details>
          <summary className={classes.summary}>Ver {rest.length} más</summary>
          <List listStyleType="none" spacing={4} size="sm" mt={4}>
            {rest.map((item) => (
              <FacetEntry key={item.key} item={item} />
            ))}
          </List>
        </details>
      ) : null}
    </Stack>
  );
}
