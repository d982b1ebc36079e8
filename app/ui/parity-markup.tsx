import { MantineProvider } from "@mantine/core";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { theme } from "#app/theme";

/*
 * For the parity tests of the plain controls (decisions 0049, 0063: `plain-mantine.test.tsx`,
 * `plain-sign-in.test.tsx`, `plain-parity-cases.test.tsx`), which compare a plain control's markup with Mantine's. No page imports it.
 */

/** Server markup inside the app's provider and a router; ids and attribute order normalised. */
export function markup(element: ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  let n = 0;
  const ids = new Map<string, string>();
  return html
    .replace(/mantine-_R_[A-Za-z0-9_]+_/g, (id) => {
      if (!ids.has(id)) ids.set(id, `id${n++}`);
      return ids.get(id) as string;
    })
    .replace(/<([a-z]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*(\/?)>/g, (_, tag: string, attrs: string, close: string) => {
      const sorted = (attrs.match(/[^\s=]+(?:="[^"]*")?/g) ?? []).sort().join(" ");
      return `<${tag}${sorted ? ` ${sorted}` : ""}${close}>`;
    });
}
