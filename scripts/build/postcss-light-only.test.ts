import postcss from "postcss";
import { expect, it } from "vitest";
import lightOnly from "./postcss-light-only.cjs";

const run = (css: string) => postcss([lightOnly()]).process(css, { from: undefined }).css.replace(/\s+/g, " ").trim();

it("drops the dark colour scheme's rules and selectors, and only those", () => {
  const css = `
    :root, :host { --a: 1; }
    :root[data-mantine-color-scheme="dark"], :host([data-mantine-color-scheme="dark"]) { --a: 2; }
    :root[data-mantine-color-scheme="light"] { --b: 1; }
    .m_1 { color: red; }
    [data-mantine-color-scheme='dark'] .m_1, .m_2:hover { color: blue; }
    @layer mantine { :where([data-mantine-color-scheme=dark]) .m_3 { color: green; } }
    @media (min-width: 48em) { @layer mantine { [data-mantine-color-scheme="dark"] .m_4 { color: pink; } } .m_5 { color: gray; } }
  `;
  expect(run(css)).toBe(
    ':root, :host { --a: 1; } :root[data-mantine-color-scheme="light"] { --b: 1; } .m_1 { color: red; } .m_2:hover { color: blue; } @media (min-width: 48em) { .m_5 { color: gray; } }',
  );
});
