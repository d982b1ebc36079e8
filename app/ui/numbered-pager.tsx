import { Button, Group, Text } from "@mantine/core";
import { Link } from "react-router";

/**
 * The pager under a numbered list (?pagina=N): plain links to the previous and next pages, with
 * rel prev/next, around "Página N de M"; nothing when there is a single page. An empty span keeps
 * "Página N de M" centred on the first and last pages.
 */
export function NumberedPager({
  label,
  pagina,
  paginas,
  href,
}: {
  /** The nav's accessible name, e.g. "Páginas de laboratorios". */
  label: string;
  pagina: number;
  paginas: number;
  href: (pagina: number) => string;
}) {
  if (paginas <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="space-between">
      {pagina > 1 ? (
        <Button component={Link} to={href(pagina - 1)} variant="default" rel="prev">
          ‹ Anteriores
        </Button>
      ) : (
        <span />
      )}
      <Text size="sm" c="gray.7">
        Página {pagina} de {paginas}
      </Text>
      {pagina < paginas ? (
        <Button component={Link} to={href(pagina + 1)} variant="default" rel="next">
          Siguientes ›
        </Button>
      ) : (
        <span />
      )}
    </Group>
  );
}
