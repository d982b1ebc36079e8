import { Avatar, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { TribunaSummary } from "#server/news";
import { formatNewsDate } from "./format";
import { toLink } from "./news-card";
import classes from "./news-card.module.css";

/** Opinion columns with their author's photo, name, position and company. */
export function TribunaList({
  items,
  compact = false,
  headingLevel = 3,
}: {
  items: TribunaSummary[];
  compact?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Stack gap="lg">
      {items.map((item) => (
        <Group key={item.id} component="article" align="flex-start" wrap="nowrap" gap="md">
          <Avatar src={item.autor?.foto_url ?? null} alt="" size={compact ? 48 : 64} radius="xl" imageProps={{ loading: "lazy" }}>
            {item.autor?.nombre.charAt(0)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text component={Heading} fw={700} size={compact ? "md" : "lg"} lh={1.3} m={0}>
              <Link to={toLink(item.url)} className={classes.title}>
                {item.titulo}
              </Link>
            </Text>
            {item.autor ? (
              <Text size="sm" c="gray.8">
                <strong>{item.autor.nombre}</strong>
                {item.autor.cargo || item.autor.empresa ? `, ${[item.autor.cargo, item.autor.empresa].filter(Boolean).join(" en ")}` : ""}
              </Text>
            ) : null}
            {compact ? null : (
              <Text size="sm" c="gray.8">
                {item.entradilla}
              </Text>
            )}
            <Text size="xs" c="gray.7">
              <time dateTime={item.publicada_en}>{formatNewsDate(item.publicada_en)}</time>
            </Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
