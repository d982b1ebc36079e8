import { Alert, Anchor, Button, Divider, Group, NativeSelect, Paper, PasswordInput, Radio, TextInput } from "@mantine/core";
import type { ReactElement } from "react";
import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { markup } from "./parity-markup";
import { PlainAlert } from "./plain-alert";
import { PlainButton } from "./plain-button";
import { PlainAnchor, PlainDivider, PlainGroup, PlainPaper } from "./plain-layout";
import { PlainLoadingButton } from "./plain-loading-button";
import { PlainSelect, PlainTextInput } from "./plain-mantine";
import CASES from "./plain-parity-cases.json";
import { PlainPasswordInput } from "./plain-password-input";
import { PlainRadioGroup } from "./plain-radio";

/*
 * Decision 0063: every prop combination the app uses of a plain control (plain-parity-cases.json,
 * generated from the app's JSX by scripts/plain/parity-cases.ts) renders what Mantine's component
 * renders. A prop the code computes ("{…}") is tried with each value in SAMPLES that changes the
 * markup, so `variant={current ? "filled" : "default"}` is checked for both.
 */
type Props = Record<string, unknown>;
const COMPUTED = "{…}";
const noop = () => {};
const RADIO_OPTIONS = [
  { value: "si", label: "Sí" },
  { value: "no", label: "No" },
];
const SELECT_OPTIONS = [
  { value: "", label: "Todas" },
  { value: "remoto", label: "Remoto" },
];

const SAMPLES: Record<string, unknown[]> = {
  variant: ["filled", "default", "light", "subtle"],
  "aria-pressed": [true, false],
  "aria-current": ["page", undefined],
  "aria-label": ["Contactar con Ana"],
  loading: [true, false],
  disabled: [true, false],
  required: [true, false],
  autoFocus: [false],
  error: [undefined, "Revisa este campo."],
  to: ["/x"],
  href: ["/x"],
  style: [{ flexShrink: 0 }],
  rootStyle: [{ flex: 1 }],
  labelStyle: [{ whiteSpace: "normal", textAlign: "center" }],
  onClick: [noop],
  onChange: [noop],
  label: ["Etiqueta"],
  name: ["campo"],
  maxLength: [200],
  descriptionColor: ["var(--mantine-color-gray-7)"],
};
/** Per component, where the same prop name needs a value of another shape. */
const COMPONENT_SAMPLES: Record<string, Record<string, unknown[]>> = {
  PlainSelect: { data: [SELECT_OPTIONS], defaultValue: ["remoto", ""] },
  PlainTextInput: { defaultValue: ["", "texto"] },
  PlainRadioGroup: {
    options: [RADIO_OPTIONS],
    defaultValue: [undefined, "no"],
    label: ["¿Tienes el título de farmacia?"],
    name: ["respuesta_0"],
  },
  PlainPaper: { className: [undefined, "card"] },
};
/** React's own props: never markup. */
const DROPPED = new Set(["key", "ref"]);

/** Every assignment of sample values to the case's computed props. */
function expand(component: string, props: Record<string, unknown>): Props[] {
  let variants: Props[] = [{}];
  for (const [name, value] of Object.entries(props)) {
    if (DROPPED.has(name)) continue;
    const samples = value === COMPUTED ? (COMPONENT_SAMPLES[component]?.[name] ?? SAMPLES[name]) : [value];
    if (!samples) throw new Error(`${component}: no sample for the computed prop ${name}; add one to SAMPLES`);
    variants = variants.flatMap((variant) => samples.map((sample) => ({ ...variant, [name]: sample })));
  }
  return variants;
}

/** A plain button's props as Mantine's Button takes them. */
function asMantineButton({ to, href, preventScrollReset: _, rootStyle, labelStyle, ...rest }: Props): Props {
  // A Link's relative "?query#hash" resolves against the test router's "/".
  const link = typeof to === "string" && to.startsWith("?") ? `/${to}` : (to ?? href);
  const styles = rootStyle || labelStyle ? { styles: { root: rootStyle, label: labelStyle } } : {};
  return { ...rest, ...styles, ...(link === undefined ? {} : { component: "a", href: link }) };
}

const withoutStyleKeys = ({ rootStyle, descriptionColor, ...rest }: Props): Props => ({
  ...rest,
  ...(rootStyle ? { style: rootStyle } : {}),
  ...(descriptionColor ? { styles: { description: { color: descriptionColor } } } : {}),
});

// biome-ignore lint/suspicious/noExplicitAny: generated props fit no one component's type; the markup comparison checks them
type Loose = any;
type Pair = { plain: ReactElement; mantine: ReactElement };

/** The plain element and Mantine's, for each component a case can name. */
const PAIRS: Record<string, (props: Props) => Pair> = {
  PlainButton: (p) => ({
    plain: <PlainButton {...(p as Loose)}>Texto</PlainButton>,
    mantine: <Button {...asMantineButton(p)}>Texto</Button>,
  }),
  PlainLoadingButton: (p) => ({
    plain: <PlainLoadingButton {...(p as Loose)}>Texto</PlainLoadingButton>,
    mantine: <Button {...asMantineButton(p)}>Texto</Button>,
  }),
  PlainAlert: (p) => ({ plain: <PlainAlert {...(p as Loose)}>Aviso.</PlainAlert>, mantine: <Alert {...p}>Aviso.</Alert> }),
  PlainSelect: (p) => ({ plain: <PlainSelect {...(p as Loose)} />, mantine: <NativeSelect {...(withoutStyleKeys(p) as Loose)} /> }),
  PlainTextInput: (p) => ({ plain: <PlainTextInput {...(p as Loose)} />, mantine: <TextInput {...withoutStyleKeys(p)} /> }),
  PlainAnchor: ({ to, ...p }) => ({
    plain: (
      <PlainAnchor to={to as string} {...(p as Loose)}>
        Enlace
      </PlainAnchor>
    ),
    mantine: (
      <Anchor component={Link} to={to as string} {...p}>
        Enlace
      </Anchor>
    ),
  }),
  PlainGroup: (p) => ({
    plain: <PlainGroup {...(p as Loose)}>Contenido</PlainGroup>,
    mantine: <Group {...p}>Contenido</Group>,
  }),
  PlainDivider: (p) => ({ plain: <PlainDivider {...(p as Loose)} />, mantine: <Divider {...p} labelPosition="center" /> }),
  PlainPaper: (p) => ({
    plain: <PlainPaper {...(p as Loose)}>Contenido</PlainPaper>,
    mantine: (
      <Paper withBorder radius="md" {...p}>
        Contenido
      </Paper>
    ),
  }),
  // Uncontrolled on both sides: Mantine's starts empty as the plain one does.
  PlainPasswordInput: (p) => ({ plain: <PlainPasswordInput {...(p as Loose)} />, mantine: <PasswordInput {...p} defaultValue="" /> }),
  PlainRadioGroup: ({ options, ...p }) => ({
    plain: <PlainRadioGroup {...(p as Loose)} options={options as typeof RADIO_OPTIONS} />,
    mantine: (
      <Radio.Group {...(p as Loose)}>
        <Group gap="lg" mt={6}>
          {(options as typeof RADIO_OPTIONS).map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} />
          ))}
        </Group>
      </Radio.Group>
    ),
  }),
};

/**
 * The parts of a table (a table is only ever its rows, and a row its cells) and the data list, which
 * have no one-element counterpart: compared as whole tables and lists by the hand-written cases of
 * plain-mantine.test.tsx. A component that appears in the cases file and in neither list fails below.
 */
const HAND_WRITTEN = ["PlainCell", "PlainDataList", "PlainHeaderCell", "PlainRow", "PlainTable"];

const generated = CASES.filter((found) => PAIRS[found.component]).flatMap((found) =>
  expand(found.component, found.props).map((props) => ({ ...found, props })),
);

describe("every prop combination the app uses renders what Mantine renders", () => {
  it.each(generated.map((found) => [`${found.component} ${JSON.stringify(found.props)}`, found] as const))("%s", (_, found) => {
    const { plain, mantine } = (PAIRS[found.component] as (props: Props) => Pair)(found.props);
    // React Router marks its own links (data-discover); a plain <a> is not one.
    const unmarked = (element: ReactElement) => markup(element).replaceAll(' data-discover="true"', "");
    expect(unmarked(plain)).toBe(unmarked(mantine));
  });

  it("knows every component the cases name", () => {
    const unknown = [...new Set(CASES.map((found) => found.component))].filter(
      (component) => !PAIRS[component] && !HAND_WRITTEN.includes(component),
    );
    expect(unknown).toEqual([]);
  });
});
