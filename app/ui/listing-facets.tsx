import { Stack, Title } from "@mantine/core";
import { Link } from "react-router";
import classes from "./listing-facets.module.css";

type FacetItem = { key: string; label: string; count: number; to: string; current?: boolean };

const VISIBLE = 10;

/**
 * One entry: a plain <li> and link styled like Mantine's List.Item and Anchor. A listing shows
 * about 85 of them, and each Mantine component resolved its style props per render (decision 0045).
 */
function FacetEntry({ item }: { item: FacetItem }) {
  const text = `${item.label} (${item.count.toLocaleString("es-ES")})`;
  return (
    <li>
      {item.current ? (
        <span className={classes.current} aria-current="page">
          {text}
        </span>
      ) : (
        <Link to={item.to} className={classes.link}>
          {text}
        </Link>
      )}
    </li>
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
      <ul className={classes.list}>
        {allLink ? (
          <li>
            <Link to={allLink.to} className={classes.link}>
              {allLink.label}
            </Link>
          </li>
        ) : null}
        {first.map((item) => (
          <FacetEntry key={item.key} item={item} />
        ))}
      </ul>
      {rest.length ? (
        <details>
          <summary className={classes.summary}>Ver {rest.length} más</summary>
          <ul className={`${classes.list} ${classes.more}`}>
            {rest.map((item) => (
              <FacetEntry key={item.key} item={item} />
            ))}
          </ul>
        </details>
      ) : null}
    </Stack>
  );
}
