// Mirrors the markup of @mantine/core 9.7.3 (decision 0063; plain-mantine-version.test.ts fails when another is installed).
import { type CSSProperties, type ReactNode, useId } from "react";
import { accessibleTextColor } from "#app/theme-colors";

/*
 * Mantine's <Alert color> (light variant, no icon, no close button) as the markup it renders,
 * without rendering it (decision 0049). Mantine's Alert module also brings its CloseButton and icon,
 * about 1 KB gzip, into every landing page that can show a notice. The classes are in the root
 * stylesheet (app/styles/mantine-public.css); `plain-mantine.test.tsx` compares the markup.
 */

const alertVars = new Map<string, CSSProperties>();

/** Mantine's `--alert-*` variables for the light variant of a colour, with the theme's text colour. */
function alertVarsOf(color: string): CSSProperties {
  let vars = alertVars.get(color);
  if (!vars) {
    vars = {
      "--alert-bg": `var(--mantine-color-${color}-light)`,
      "--alert-color": accessibleTextColor(color),
      "--alert-bd": "calc(0.0625rem * var(--mantine-scale)) solid transparent",
    } as CSSProperties;
    alertVars.set(color, vars);
  }
  return vars;
}

/** Mantine's `<Alert>`, with a title or without: role "alert" unless given another (a success is a "status", an aside a "note"). */
export function PlainAlert({
  color,
  title,
  role = "alert",
  children,
}: {
  color: string;
  title?: string;
  role?: "alert" | "status" | "note";
  children: ReactNode;
}) {
  const id = `mantine-${useId()}`;
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is "alert", "status" or "note", each named by its title, as Mantine does.
    <div
      style={alertVarsOf(color)}
      className="m_66836ed3 mantine-Alert-root"
      id={id}
      role={role}
      aria-describedby={`${id}-body`}
      aria-labelledby={title ? `${id}-title` : undefined}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        <div className="m_667c2793 mantine-Alert-body">
          {title ? (
            <div className="m_6a03f287 mantine-Alert-title">
              <span id={`${id}-title`} className="m_698f4f23 mantine-Alert-label">
                {title}
              </span>
            </div>
          ) : null}
          <div id={`${id}-body`} className="m_7fa78076 mantine-Alert-message">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}
