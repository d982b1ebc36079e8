import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";
import { accessibleTextColor, PRIMARY_COLOR } from "#app/theme-colors";

/*
 * Mantine's <Button> as the markup it renders, without rendering it: the cookie banner and the
 * footer put buttons on every page, and each Mantine Button resolves its theme and props on every
 * render and hydration (decision 0049). The colours are Mantine's default variant colours with the theme's
 * accessible text colour, written out so that this file does not load the theme into every page;
 * `plain-mantine.test.tsx` renders both and fails when either changes.
 */

type ButtonVariant = "filled" | "light" | "subtle" | "default";
type ButtonSize = "xs" | "sm" | "md" | "compact-md";

const BORDER_WIDTH = "calc(0.0625rem * var(--mantine-scale))";

/** Mantine's defaultVariantColorsResolver for these variants, with the theme's text colours. */
function colorsOf(variant: ButtonVariant, color: string) {
  switch (variant) {
    case "filled":
      return {
        "--button-bg": `var(--mantine-color-${color}-filled)`,
        "--button-hover": `var(--mantine-color-${color}-filled-hover)`,
        "--button-color": "var(--mantine-color-white)",
        "--button-bd": `${BORDER_WIDTH} solid transparent`,
      };
    case "light":
      return {
        "--button-bg": `var(--mantine-color-${color}-light)`,
        "--button-hover": `var(--mantine-color-${color}-light-hover)`,
        "--button-color": accessibleTextColor(color),
        "--button-bd": `${BORDER_WIDTH} solid transparent`,
      };
    case "subtle":
      return {
        "--button-bg": "transparent",
        "--button-hover": `var(--mantine-color-${color}-light-hover)`,
        "--button-color": accessibleTextColor(color),
        "--button-bd": `${BORDER_WIDTH} solid transparent`,
      };
    case "default":
      return {
        "--button-bg": "var(--mantine-color-default)",
        "--button-hover": "var(--mantine-color-default-hover)",
        "--button-color": "var(--mantine-color-default-color)",
        "--button-bd": `${BORDER_WIDTH} solid var(--mantine-color-default-border)`,
      };
  }
}

const buttonVars = new Map<string, Record<string, string>>();

/** Mantine's `--button-*` variables for a variant, colour and size, worked out once. */
function buttonVarsOf(variant: ButtonVariant | undefined, size: ButtonSize | undefined, color: string | undefined) {
  const key = `${variant}/${size}/${color}`;
  let vars = buttonVars.get(key);
  if (!vars) {
    const colors = colorsOf(variant ?? "filled", color ?? PRIMARY_COLOR);
    vars = {
      ...(size ? { "--button-height": `var(--button-height-${size})`, "--button-padding-x": `var(--button-padding-x-${size})` } : {}),
      ...(size ? { "--button-fz": `var(--mantine-font-size-${size.replace("compact-", "")})` } : {}),
      // Without a variant or colour, Mantine leaves the rest to its stylesheet's defaults.
      ...(variant || color ? colors : { "--button-color": colors["--button-color"] }),
    };
    buttonVars.set(key, vars);
  }
  return vars;
}

type PlainButtonProps = {
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  color?: string;
  style?: CSSProperties;
} & ({ to: string; type?: never; onClick?: never } | { to?: never; type: "submit" | "button"; onClick?: () => void });

/** Mantine's `<Button>`: a `<button>`, or a React Router `<Link>` when given `to`. */
export function PlainButton({ children, variant, size, color, style, to, type, onClick }: PlainButtonProps) {
  const props = {
    style: { ...buttonVarsOf(variant, size, color), ...style } as CSSProperties,
    className: "mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root",
    "data-variant": variant,
    "data-size": size,
  };
  const inner = (
    <span className="m_80f1301b mantine-Button-inner">
      <span className="m_811560b9 mantine-Button-label">{children}</span>
    </span>
  );
  if (to !== undefined) {
    return (
      <Link {...props} to={to}>
        {inner}
      </Link>
    );
  }
  return (
    <button {...props} type={type} onClick={onClick}>
      {inner}
    </button>
  );
}
