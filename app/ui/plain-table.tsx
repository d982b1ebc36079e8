// Mirrors the markup of @mantine/core 9.7.3 (decision 0063; plain-mantine-version.test.ts fails when another is installed).
import "@mantine/core/styles/Table.layer.css";
import type { CSSProperties, ReactNode } from "react";

/**
 * Mantine's `<Table>` (default spacing, row borders) as plain elements with Mantine's classes.
 * Mantine's Table module also imports its ScrollArea, 20 KB gzip, into every page that shows a
 * table, scrolling or not (decision 0050). The stylesheet comes with this module.
 */
export function PlainTable({
  minWidth,
  head,
  vertical = false,
  children,
}: {
  /** px, like Mantine's `miw`. */
  minWidth?: number;
  /** The column headings; none in a vertical table, whose rows start with a `PlainHeaderCell`. */
  head?: string[];
  /** Mantine's `variant="vertical" layout="fixed"`: a label and a value per row. */
  vertical?: boolean;
  children: ReactNode;
}) {
  const style = {
    ...(vertical ? { "--table-layout": "fixed" } : {}),
    "--table-vertical-spacing": "calc(0.4375rem * var(--mantine-scale))",
    ...(minWidth ? { minWidth: `calc(${minWidth / 16}rem * var(--mantine-scale))` } : {}),
  } as CSSProperties;
  return (
    <table style={style} className="m_b23fa0ef mantine-Table-table" data-variant={vertical ? "vertical" : undefined}>
      {head ? (
        <thead className="m_b242d975 mantine-Table-thead">
          <PlainRow>
            {head.map((label) => (
              <PlainHeaderCell key={label}>{label}</PlainHeaderCell>
            ))}
          </PlainRow>
        </thead>
      ) : null}
      <tbody className="m_b2404537 mantine-Table-tbody">{children}</tbody>
    </table>
  );
}

/** `<Table.Th>`, with Mantine's `w` in px. */
export function PlainHeaderCell({ width, children }: { width?: number; children: ReactNode }) {
  const style = width ? { width: `calc(${width / 16}rem * var(--mantine-scale))` } : undefined;
  return (
    <th style={style} className="m_4e7aa4f3 mantine-Table-th">
      {children}
    </th>
  );
}

/** `<Table.Tr>`. */
export function PlainRow({ children }: { children: ReactNode }) {
  return (
    <tr className="m_4e7aa4fd mantine-Table-tr" data-with-row-border="true">
      {children}
    </tr>
  );
}

/** `<Table.Td>`. */
export function PlainCell({ children }: { children: ReactNode }) {
  return <td className="m_4e7aa4ef mantine-Table-td">{children}</td>;
}
