import { Anchor, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { linkToAppPath } from "#common/route-names";
import type { NoticiaSummary } from "#server/news";
import { formatNewsDate } from "./format";
import classes from "./news-card.module.css";

/** Router path (for <Link>) of an item's /app address. */
export const toLink = linkToAppPath;

type Props = {
  item: NoticiaSummary;
  /** "lead": big image and lead (main story); "card": grid card; "row": image beside the text. */
  variant?: "lead" | "card" | "row";
  headingLevel?: 2 | 3;
  /** The first image of a page loads at once; the rest lazily. */
  eager?: boolean;
};

export function NewsCard({ item, variant = "card", headingLevel = 3, eager = false }: Props) {
  const image = item.imagen ? (
    <Link to={toLink(item.url)} tabIndex={-1} aria-hidden="true">
      <img
        className={classes.image}
        src={variant === "lead" ? item.imagen.url : item.imagen.thumb_url}
        alt=""
        width={variant === "lead" ? 960 : 480}
        height={variant === "lead" ? 540 : 270}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        {...(eager ? { fetchPriority: "high" as const } : {})}
      />
    </Link>
  ) : null;
  const text = (
    <Stack gap={6}>
      <Group gap={6}>
        <Anchor component={Link} to={toLink(item.area.url)} size="xs" fw={700} tt="uppercase" c="teal.9">
          {item.area.nombre}
        </Anchor>
        <Badge variant="light" color="gray" size="sm">
          {item.categoria.nombre}
        </Badge>
      </Group>
      <Title order={headingLevel} size={variant === "lead" ? "h2" : "h4"} lh={1.25}>
        <Link to={toLink(item.url)} className={classes.title}>
          {item.titulo}
        </Link>
      </Title>
      {variant !== "card" || item.entradilla.length < 180 ? (
        <Text size={variant === "lead" ? "lg" : "sm"} c="gray.8" lineClamp={variant === "lead" ? undefined : 3}>
          {item.entradilla}
        </Text>
      ) : null}
      <Text size="xs" c="gray.7">
        <time dateTime={item.publicada_en}>{formatNewsDate(item.publicada_en)}</time>
        {item.autor ? ` · ${item.autor.nombre}` : ""}
      </Text>
    </Stack>
  );
  if (variant === "lead") {
    return (
      <article className={classes.lead}>
        {image}
        {text}
      </article>
    );
  }
  if (variant === "row") {
    return (
      <article className={classes.row}>
        {image ?? <span />}
        {text}
      </article>
    );
  }
  return (
    <Stack component="article" gap="sm" className={classes.card}>
      {image}
      {text}
    </Stack>
  );
}
