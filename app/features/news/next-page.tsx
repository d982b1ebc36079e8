import { Group } from "@mantine/core";
import { PlainButton } from "#app/ui/plain-button";

/** "Más noticias": a plain link with the cursor, so it works without JavaScript and can be shared. */
export function NextPage({ cursor, q, label = "Más noticias" }: { cursor: string | null; q?: string; label?: string }) {
  if (!cursor) return null;
  const query = new URLSearchParams(q ? { q, desde: cursor } : { desde: cursor });
  return (
    <Group>
      <PlainButton to={`?${query.toString()}`} variant="default">
        {label}
      </PlainButton>
    </Group>
  );
}
