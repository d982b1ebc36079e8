import { Anchor, Image, Paper, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { api } from "#app/lib/api-client";
import { firstLink, LINK_REL } from "#common/autolink";

type Preview = { url: string; title: string | null; description: string | null; image: string | null; site_name: string | null };

// One request per address per page view; a failed preview simply shows no card.
const previews = new Map<string, Promise<Preview | null>>();

function loadPreview(url: string): Promise<Preview | null> {
  let pending = previews.get(url);
  if (!pending) {
    pending = api.get<Preview>(`/api/link-preview?url=${encodeURIComponent(url)}`).catch(() => null);
    previews.set(url, pending);
  }
  return pending;
}

/** The card of a message's first link: site, title, description and image. */
export function LinkPreviewCard({ text }: { text: string }) {
  const url = firstLink(text);
  const [preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    loadPreview(url).then((result) => live && setPreview(result));
    return () => {
      live = false;
    };
  }, [url]);
  if (!url || !preview || (!preview.title && !preview.description)) return null;
  return (
    <Paper withBorder radius="sm" p="xs" mt={6} maw={360} data-testid="link-preview" style={{ whiteSpace: "normal" }}>
      {preview.image && (
        <Image src={preview.image} alt="" radius="xs" mah={160} fit="cover" mb={6} referrerPolicy="no-referrer" loading="lazy" />
      )}
      {preview.site_name && (
        <Text size="xs" c="gray.7" tt="uppercase" truncate>
          {preview.site_name}
        </Text>
      )}
      {preview.title && (
        <Anchor href={url} target="_blank" rel={LINK_REL} fw={600} size="sm" lineClamp={2}>
          {preview.title}
        </Anchor>
      )}
      {preview.description && (
        <Text size="xs" c="gray.8" lineClamp={3}>
          {preview.description}
        </Text>
      )}
    </Paper>
  );
}
