import fs from "node:fs";
import path from "node:path";
import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { theme } from "#app/theme";

/**
 * MantineProvider would write the theme's CSS variables and its hidden-from/visible-from classes in
 * <style> elements inside <body>, which is invalid HTML (issue 9). root.tsx turns both off and
 * loads theme.css instead: this test keeps that file equal to what Mantine generates for our theme.
 * After changing app/theme.ts: UPDATE_THEME_CSS=1 npx vitest run app/styles/theme-css.test.ts
 */
const FILE = path.join(import.meta.dirname, "theme.css");
const HEADER = "/* Generated from app/theme.ts by app/styles/theme-css.test.ts: do not edit by hand. */\n";

function generated(): string {
  const html = renderToStaticMarkup(createElement(MantineProvider, { theme, forceColorScheme: "light" }));
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
  return `${HEADER}${styles.join("\n").replaceAll("}", "}\n")}`;
}

it("theme.css holds the CSS variables and classes Mantine generates for the theme", () => {
  const expected = generated();
  if (process.env.UPDATE_THEME_CSS) fs.writeFileSync(FILE, expected);
  expect(fs.readFileSync(FILE, "utf8")).toBe(expected);
});
