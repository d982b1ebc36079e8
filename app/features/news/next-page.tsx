import { Button, Group } from "@mantine/core";
import { Link } from "react-router";

/** "Más noticias": a plain link with the cursor, so it works without JavaScript and can be shared. */
export function NextPage({ cursor, q, label = "Más noticias" }: { cursor: string | null; q?: string; label?: string }) {
  if (!cursor) return null;
  const query = new URLSearchParams(q ? { q, desde: cursor } : { desde: cursor });
  return (
    <Group>
      <Button component={Link} to={`?${query.toString()}`} variant="default">
        {label}
      </Button>
    </Group>
  );
}
