// Mirrors the markup of @mantine/core 9.7.3 (decision 0063; plain-mantine-version.test.ts fails when another is installed).
import type { CSSProperties, MouseEvent, ReactNode } from "react";
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
type ButtonSize = "xs" | "sm" | "md" | "compact-sm" | "compact-md";

export const BORDER_WIDTH = "calc(0.0625rem * var(--mantine-scale))";

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
  /** Mantine's `fullWidth`. */
  fullWidth?: boolean;
  /** Mantine's `styles.root` (before the button's variables, where `style` comes after them). */
  rootStyle?: CSSProperties;
  /** Mantine's `styles.label`. */
  labelStyle?: CSSProperties;
  /** Mantine's `loading`: the button disabled and marked so (its spinner: `PlainLoadingButton`). */
  loading?: boolean;
  /** The spinner's styles at this point of its transition (`plain-loading-button.tsx`); none without. */
  loaderStyle?: CSSProperties | null;
  "aria-pressed"?: boolean;
  "aria-current"?: "page";
  "aria-label"?: string;
} & (
  | {
      to: string;
      preventScrollReset?: boolean;
      onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
      href?: never;
      type?: never;
      disabled?: never;
      name?: never;
      value?: never;
    }
  | {
      href: string;
      to?: never;
      preventScrollReset?: never;
      onClick?: never;
      type?: never;
      disabled?: never;
      name?: never;
      value?: never;
    }
  | {
      type: "submit" | "button";
      onClick?: () => void;
      disabled?: boolean;
      /** A submit button's field, posted with the form. */
      name?: string;
      value?: string;
      to?: never;
      preventScrollReset?: never;
      href?: never;
    }
);

/**
 * Mantine's `<Button>`: a `<button>`, a React Router `<Link>` when given `to`, or a plain `<a>` when
 * given `href` (a page outside the client router).
 */
export function PlainButton({
  children,
  variant,
  size,
  color,
  style,
  fullWidth,
  rootStyle,
  labelStyle,
  loading,
  loaderStyle,
  "aria-pressed": pressed,
  "aria-current": current,
  "aria-label": ariaLabel,
  to,
  preventScrollReset,
  href,
  type,
  onClick,
  disabled,
  name,
  value,
}: PlainButtonProps) {
  const props = {
    style: { ...rootStyle, ...buttonVarsOf(variant, size, color), ...style } as CSSProperties,
    className: `mantine-focus-auto${loading || disabled ? "" : " mantine-active"} m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root`,
    "data-variant": variant,
    "data-size": size,
    "data-disabled": disabled ? "true" : undefined,
    "data-block": fullWidth ? "true" : undefined,
    "data-loading": loading ? "true" : undefined,
    "aria-pressed": pressed,
    "aria-current": current,
    "aria-label": ariaLabel,
    // Mantine disables a loading button, links included (where the attribute does nothing).
    ...(loading || disabled ? { disabled: true } : {}),
  };
  const content = (
    <>
      {loaderStyle ? (
        <span style={loaderStyle} className="m_a25b86ee mantine-Button-loader" aria-hidden="true">
          <span style={LOADER_VARS} className="m_b34414df m_5ae2e3c mantine-Loader-root" />
        </span>
      ) : null}
      <span className="m_80f1301b mantine-Button-inner">
        <span style={labelStyle} className="m_811560b9 mantine-Button-label" data-loading={loading ? "true" : undefined}>
          {children}
        </span>
      </span>
    </>
  );
  if (to !== undefined) {
    return (
      <Link {...props} to={to} preventScrollReset={preventScrollReset} onClick={onClick}>
        {content}
      </Link>
    );
  }
  if (href !== undefined) {
    return (
      <a {...props} href={href}>
        {content}
      </a>
    );
  }
  return (
    <button {...props} type={type} onClick={onClick} name={name} value={value}>
      {content}
    </button>
  );
}

const LOADER_VARS = { "--loader-size": "calc(var(--button-height) / 1.8)", "--loader-color": "var(--button-color)" } as CSSProperties;
