import { Group } from "@mantine/core";
import { Form } from "react-router";
import { PlainButton } from "#app/ui/plain-button";
import { PlainTextInput } from "#app/ui/plain-mantine";
import { linkTo } from "#common/route-names";
import { toLink } from "./news-card";

type Taxon = { id: number; slug: string; nombre: string; url: string };

/** The news section's search box and its areas, on every news page. */
export function NewsNav({ areas, currentAreaId, q }: { areas: Taxon[]; currentAreaId?: number; q?: string }) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
      {/* The browser's own horizontal scrolling: Mantine's ScrollArea brought a positioning library
          into the news pages' first load. */}
      <Group gap={6} wrap="nowrap" component="nav" aria-label="Áreas de noticias" maw="100%" pb={4} style={{ overflowX: "auto" }}>
        <PlainButton
          to={linkTo("noticias-index")}
          size="compact-sm"
          style={{ flexShrink: 0 }}
          variant={currentAreaId ? "default" : "light"}
        >
          Portada
        </PlainButton>
        {areas.map((area) => (
          <PlainButton
            key={area.id}
            to={toLink(area.url)}
            size="compact-sm"
            style={{ flexShrink: 0 }}
            variant={area.id === currentAreaId ? "filled" : "default"}
            aria-current={area.id === currentAreaId ? "page" : undefined}
          >
            {area.nombre}
          </PlainButton>
        ))}
        <PlainButton to={linkTo("tribunas")} size="compact-sm" style={{ flexShrink: 0 }} variant="default">
          Tribunas
        </PlainButton>
      </Group>
      <Form method="get" action={linkTo("noticias-index")} role="search">
        <Group gap={6} wrap="nowrap">
          <PlainTextInput name="q" defaultValue={q} placeholder="Buscar noticias" aria-label="Buscar noticias" maxLength={200} />
          <PlainButton type="submit" size="sm">
            Buscar
          </PlainButton>
        </Group>
      </Form>
    </Group>
  );
}
