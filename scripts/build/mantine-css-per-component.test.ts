import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { mantineStylesheets } from "./mantine-css-per-component.mjs";

const { sheetsForNames, exportFiles, position, rootOrder, inRoot } = mantineStylesheets();

it("the root's Mantine stylesheets keep the order of @mantine/core/styles.css", () => {
  const positions = rootOrder.map((name) => position.get(name) ?? -1);
  expect(positions.every((at) => at >= 0)).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
});

it("the root holds the global styles and Mantine's shared base components, so none loads after a stylesheet overriding it", () => {
  // https://mantine.dev/styles/css-files-list/: "components that are reused in other components".
  const base = ["baseline", "default-css-variables", "global", "ScrollArea", "UnstyledButton", "VisuallyHidden", "Paper", "Popover"];
  const more = [
    "CloseButton",
    "Group",
    "Loader",
    "Overlay",
    "ModalBase",
    "Input",
    "InlineInput",
    "Flex",
    "FloatingIndicator",
    "ActionIcon",
  ];
  expect(rootOrder).toEqual(expect.arrayContaining([...base, ...more]));
});

it("every component in the root brings the stylesheets it needs (the root needs no other chunk's CSS)", () => {
  const components = rootOrder.filter((name) => exportFiles("core").has(name));
  const needed = sheetsForNames("core", components.join(","));
  expect([...needed].filter((name) => !rootOrder.includes(name))).toEqual([]);
});

it("a Select needs Combobox, Popover, Input and ScrollArea", () => {
  expect([...sheetsForNames("core", "Select")]).toEqual(expect.arrayContaining(["Combobox", "Popover", "Input", "ScrollArea"]));
});

it("the plain Mantine markup (app/ui/plain-*.tsx) finds its classes in the root stylesheet: it imports no Mantine component to bring them", () => {
  const stylesDir = path.join(process.cwd(), "node_modules/@mantine/core/styles");
  const sheets = fs.readdirSync(stylesDir).filter((file) => file.endsWith(".css") && !file.endsWith(".layer.css"));
  const sheetOf = (className: string) =>
    sheets.find((file) => fs.readFileSync(path.join(stylesDir, file), "utf8").includes(`.${className}`))?.slice(0, -4) ?? "none";
  const source = ["plain-alert.tsx", "plain-button.tsx", "plain-mantine.tsx", "plain-radio.tsx"]
    .map((file) => fs.readFileSync(path.join(process.cwd(), "app/ui", file), "utf8"))
    .join("");
  const classes = [...new Set(source.match(/\bm_[0-9a-f]{8}\b/g))];
  expect(classes.length).toBeGreaterThan(10);
  expect(classes.map((className) => `${className} (${sheetOf(className)})`).filter((entry) => !inRoot.has(entry.slice(12, -1)))).toEqual(
    [],
  );
});
