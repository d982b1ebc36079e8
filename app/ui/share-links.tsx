import { Anchor, Group, Text } from "@mantine/core";

/** At least 24×24 px per link (WCAG 2.2 target size), so «X» is not a 10 px sliver on a phone. */
const TARGET = { display: "inline-flex", alignItems: "center", justifyContent: "center", minHeight: 32, minWidth: 32 } as const;

/** Share a page: plain links (no third-party script, nothing loads until clicked). */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const links = [
    { label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { label: "X", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: "WhatsApp", href: `https://wa.me/?text=${t}%20${u}` },
    { label: "Correo", href: `mailto:?subject=${t}&body=${u}` },
  ];
  return (
    <Group gap="xs" component="nav" aria-label="Compartir">
      <Text size="sm" fw={600}>
        Compartir:
      </Text>
      {links.map((link) => (
        <Anchor key={link.label} href={link.href} target="_blank" rel="noopener noreferrer" size="sm" style={TARGET}>
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}
