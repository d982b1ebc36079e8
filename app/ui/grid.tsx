import { Box, type BoxProps, type ElementProps, type MantineSpacing } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import classes from "./grid.module.css";

/**
 * SimpleGrid and Grid with Mantine's props, drawn by a static stylesheet (grid.module.css) from
 * CSS variables in the style attribute. Mantine's own write a <style> element into <body> for
 * every grid, which is invalid HTML (issue 9); these also keep their code out of the pages' first
 * JavaScript (decision 0041).
 */
const BREAKPOINTS = ["base", "xs", "sm", "md", "lg", "xl"] as const;
type Breakpoint = (typeof BREAKPOINTS)[number];
type Responsive<T> = T | Partial<Record<Breakpoint, T>>;

const spacing = (value: MantineSpacing | number) =>
  typeof value === "number" ? `${value / 16}rem` : /^(xs|sm|md|lg|xl)$/.test(value) ? `var(--mantine-spacing-${value})` : value;

/** `--{name}-{breakpoint}` for each breakpoint given, plus data attributes the stylesheet matches. */
function responsiveVars<T>(name: string, value: Responsive<T> | undefined, format: (v: T) => string | number) {
  const style: Record<string, string | number> = {};
  const data: Record<string, string> = {};
  if (value === undefined) return { style, data };
  const byBreakpoint = typeof value === "object" && value !== null ? (value as Partial<Record<Breakpoint, T>>) : { base: value as T };
  for (const breakpoint of BREAKPOINTS) {
    const v = byBreakpoint[breakpoint];
    if (v === undefined) continue;
    style[`--${name}-${breakpoint}`] = format(v);
    if (breakpoint !== "base") data[`data-${name}-${breakpoint}`] = "";
  }
  return { style, data };
}

type GridBaseProps = Omit<BoxProps, "style"> & {
  children?: ReactNode;
  component?: "div" | "ul" | "ol" | "section";
  style?: CSSProperties;
} & Omit<ElementProps<"div">, "style">;

export function SimpleGrid({
  component = "div",
  cols = 1,
  spacing: gapX = "md",
  verticalSpacing,
  style,
  className,
  ...rest
}: GridBaseProps & {
  cols?: Responsive<number>;
  spacing?: Responsive<MantineSpacing | number>;
  verticalSpacing?: Responsive<MantineSpacing | number>;
}) {
  const columns = responsiveVars("cols", cols, (n) => n);
  const x = responsiveVars("gap-x", gapX, spacing);
  const y = responsiveVars("gap-y", verticalSpacing ?? gapX, spacing);
  return (
    <Box
      {...rest}
      component={component as "div"}
      {...columns.data}
      {...x.data}
      {...y.data}
      className={className ? `${classes.simpleGrid} ${className}` : classes.simpleGrid}
      style={{ ...columns.style, ...x.style, ...y.style, ...style } as CSSProperties}
    />
  );
}

export function Grid({ component = "div", gap = "md", style, className, ...rest }: GridBaseProps & { gap?: MantineSpacing | number }) {
  return (
    <Box
      {...rest}
      component={component as "div"}
      className={className ? `${classes.grid} ${className}` : classes.grid}
      style={{ ...style, ["--grid-gap" as string]: spacing(gap) }}
    />
  );
}

function GridCol({ component = "div", span = 12, style, className, ...rest }: GridBaseProps & { span?: Responsive<number> }) {
  const spans = responsiveVars("span", span, (n) => n);
  return (
    <Box
      {...rest}
      component={component as "div"}
      {...spans.data}
      className={className ? `${classes.col} ${className}` : classes.col}
      style={{ ...spans.style, ...style } as CSSProperties}
    />
  );
}

Grid.Col = GridCol;
