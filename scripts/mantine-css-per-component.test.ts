import { expect, it } from "vitest";
import { mantineStylesheets } from "./mantine-css-per-component.mjs";

const { sheetsForNames, exportFiles, position, rootOrder } = mantineStylesheets();

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
