// Mirrors the markup of @mantine/core 9.7.3 (decision 0063; plain-mantine-version.test.ts fails when another is installed).
import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";

/*
 * Mantine's Anchor, Group, Divider and Paper as the markup they render, without rendering them
 * (decision 0049). The account pages (sign-in above all, a public page with a 150 KB budget) used
 * them lightly, and each brought a chunk into the first load: Anchor and Group sit in the landing
 * pages' shared chunks with the news and offer cards. The classes are in the root stylesheet
 * (app/styles/mantine-public.css); `plain-mantine.test.tsx` compares the markup.
 */

const SMALL_TEXT = { "--text-fz": "var(--mantine-font-size-sm)", "--text-lh": "var(--mantine-line-height-sm)" } as CSSProperties;

/** Mantine's `<Anchor component={Link}>`, at the inherited size or sm. */
export function PlainAnchor({ to, size, children }: { to: string; size?: "sm"; children: ReactNode }) {
  return (
    <Link
      to={to}
      style={size ? SMALL_TEXT : undefined}
      className="mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root"
      data-size={size}
      data-underline="hover"
    >
      {children}
    </Link>
  );
}

/** Mantine's `<Group justify>` with its default gap (md), alignment and wrapping. */
export function PlainGroup({ justify, children }: { justify: "flex-start" | "center" | "flex-end"; children: ReactNode }) {
  return (
    <div
      style={
        {
          "--group-gap": "var(--mantine-spacing-md)",
          "--group-align": "center",
          "--group-justify": justify,
          "--group-wrap": "wrap",
        } as CSSProperties
      }
      className="m_4081bf90 mantine-Group-root"
    >
      {children}
    </div>
  );
}

/** Mantine's `<Divider label labelPosition="center">`. */
export function PlainDivider({ label }: { label: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: Mantine's labelled divider is a div holding its label; an <hr> cannot.
    <div
      className="m_3eebeb36 mantine-Divider-root"
      data-orientation="horizontal"
      data-with-label="true"
      role="separator"
      aria-orientation="horizontal"
    >
      <span className="m_9e365f20 mantine-Divider-label" data-position="center">
        {label}
      </span>
    </div>
  );
}

/** Mantine's `<Paper withBorder radius="md">`. */
export function PlainPaper({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      style={{ "--paper-radius": "var(--mantine-radius-md)" } as CSSProperties}
      className={`${className ? `${className} ` : ""}m_1b7284a3 mantine-Paper-root`}
      data-with-border="true"
    >
      {children}
    </div>
  );
}
