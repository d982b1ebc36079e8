import { Alert, Button, DataList, Group, NativeSelect, Radio, Table, TextInput } from "@mantine/core";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { markup } from "./parity-markup";
import { PlainAlert } from "./plain-alert";
import { PlainButton } from "./plain-button";
import { PlainLoadingButton } from "./plain-loading-button";
import { PlainDataList, PlainSelect, PlainTextInput } from "./plain-mantine";
import { PlainRadioGroup } from "./plain-radio";
import { PlainCell, PlainHeaderCell, PlainRow, PlainTable } from "./plain-table";

const OPTIONS = [
  { value: "", label: "Todas" },
  { value: "remoto", label: "Remoto" },
];

describe("plain controls render what Mantine renders", () => {
  it.each<[string, () => ReactElement, () => ReactElement]>([
    ["filled submit", () => <Button type="submit">Buscar</Button>, () => <PlainButton type="submit">Buscar</PlainButton>],
    [
      "filled, explicit variant",
      () => (
        <Button type="submit" variant="filled">
          Aplicar
        </Button>
      ),
      () => (
        <PlainButton type="submit" variant="filled">
          Aplicar
        </PlainButton>
      ),
    ],
    [
      "default with a style",
      () => (
        <Button type="submit" variant="default" style={{ flexShrink: 0 }}>
          Cambiar
        </Button>
      ),
      () => (
        <PlainButton type="submit" variant="default" style={{ flexShrink: 0 }}>
          Cambiar
        </PlainButton>
      ),
    ],
    [
      "light sm button",
      () => (
        <Button variant="light" size="sm" onClick={() => {}}>
          Danos tu opinión
        </Button>
      ),
      () => (
        <PlainButton type="button" variant="light" size="sm" onClick={() => {}}>
          Danos tu opinión
        </PlainButton>
      ),
    ],
    [
      "compact default button",
      () => (
        <Button variant="default" size="compact-md" onClick={() => {}}>
          Configurar
        </Button>
      ),
      () => (
        <PlainButton type="button" variant="default" size="compact-md" onClick={() => {}}>
          Configurar
        </PlainButton>
      ),
    ],
    [
      "compact filled button",
      () => (
        <Button size="compact-md" onClick={() => {}}>
          Aceptar
        </Button>
      ),
      () => (
        <PlainButton type="button" size="compact-md" onClick={() => {}}>
          Aceptar
        </PlainButton>
      ),
    ],
    [
      "subtle link",
      () => (
        <Button component="a" href="/x" variant="subtle">
          Quitar filtros
        </Button>
      ),
      () => (
        <PlainButton to="/x" variant="subtle">
          Quitar filtros
        </PlainButton>
      ),
    ],
    [
      "light xs link",
      () => (
        <Button component="a" href="/x" variant="light" size="xs">
          Crear alerta
        </Button>
      ),
      () => (
        <PlainButton to="/x" variant="light" size="xs">
          Crear alerta
        </PlainButton>
      ),
    ],
    [
      "loading submit, size md",
      () => (
        <Button type="submit" size="md" loading>
          Inscribirme con un clic
        </Button>
      ),
      () => (
        <PlainLoadingButton type="submit" size="md" loading>
          Inscribirme con un clic
        </PlainLoadingButton>
      ),
    ],
    [
      "submit, size md, not loading",
      () => (
        <Button type="submit" size="md" loading={false}>
          Inscribirme con un clic
        </Button>
      ),
      () => (
        <PlainLoadingButton type="submit" size="md" loading={false}>
          Inscribirme con un clic
        </PlainLoadingButton>
      ),
    ],
    [
      "pressed toggle",
      () => (
        <Button type="submit" variant="light" size="sm" aria-pressed>
          Oferta guardada
        </Button>
      ),
      () => (
        <PlainButton type="submit" variant="light" size="sm" aria-pressed>
          Oferta guardada
        </PlainButton>
      ),
    ],
    [
      "loading default link",
      () => (
        <Button component="a" href="/x" variant="default" loading>
          Cargar más ofertas
        </Button>
      ),
      () => (
        <PlainLoadingButton to="/x" variant="default" loading>
          Cargar más ofertas
        </PlainLoadingButton>
      ),
    ],
    [
      "md link with a style",
      () => (
        <Button component="a" href="/x" size="md" style={{ alignSelf: "flex-start" }}>
          Inscribirme
        </Button>
      ),
      () => (
        <PlainButton to="/x" size="md" preventScrollReset style={{ alignSelf: "flex-start" }}>
          Inscribirme
        </PlainButton>
      ),
    ],
    [
      "plain anchor",
      () => (
        <Button component="a" href="/app">
          Volver al inicio
        </Button>
      ),
      () => <PlainButton href="/app">Volver al inicio</PlainButton>,
    ],
    [
      "disabled submit with a name and a value",
      () => (
        <Button type="submit" name="respuesta" value="no" variant="default" disabled>
          No
        </Button>
      ),
      () => (
        <PlainButton type="submit" name="respuesta" value="no" variant="default" disabled>
          No
        </PlainButton>
      ),
    ],
    [
      "loading submit with a name and a value",
      () => (
        <Button type="submit" name="respuesta" value="si" loading>
          Sí, soy profesional sanitario
        </Button>
      ),
      () => (
        <PlainLoadingButton type="submit" name="respuesta" value="si" loading>
          Sí, soy profesional sanitario
        </PlainLoadingButton>
      ),
    ],
    [
      "compact link, current page",
      () => (
        <Button component="a" href="/x" size="compact-sm" variant="filled" aria-current="page" style={{ flexShrink: 0 }}>
          Farmacia
        </Button>
      ),
      () => (
        <PlainButton to="/x" size="compact-sm" variant="filled" aria-current="page" style={{ flexShrink: 0 }}>
          Farmacia
        </PlainButton>
      ),
    ],
    [
      "xs light link with a label",
      () => (
        <Button component="a" href="/x" variant="light" size="xs" aria-label="Contactar con Ana">
          Contactar
        </Button>
      ),
      () => (
        <PlainButton to="/x" variant="light" size="xs" aria-label="Contactar con Ana">
          Contactar
        </PlainButton>
      ),
    ],
    [
      "light link, growing with its label",
      () => (
        <Button
          component="a"
          href="/x"
          variant="light"
          styles={{
            root: { height: "auto", minHeight: 36, paddingBlock: 8 },
            label: { whiteSpace: "normal", textAlign: "center" },
          }}
        >
          Crear cuenta de profesional
        </Button>
      ),
      () => (
        <PlainButton
          to="/x"
          variant="light"
          rootStyle={{ height: "auto", minHeight: 36, paddingBlock: 8 }}
          labelStyle={{ whiteSpace: "normal", textAlign: "center" }}
        >
          Crear cuenta de profesional
        </PlainButton>
      ),
    ],
    [
      "full-width submit",
      () => (
        <Button type="submit" fullWidth>
          Iniciar sesión
        </Button>
      ),
      () => (
        <PlainButton type="submit" fullWidth>
          Iniciar sesión
        </PlainButton>
      ),
    ],
  ])("Button: %s", (_, mantine, plain) => {
    // Mantine's anchor has no router: compare without React Router's data-discover attribute.
    expect(markup(plain()).replace(' data-discover="true"', "")).toBe(markup(mantine()));
  });

  it.each<[string, { color: string; title?: string; role?: "status" | "note" }]>([
    ["without a title", { color: "blue" }],
    ["notice", { color: "blue", title: "Vista previa" }],
    ["success, a status", { color: "teal", title: "¡Candidatura enviada!", role: "status" }],
    ["closed, grey", { color: "gray", title: "Oferta cerrada" }],
    ["a note", { color: "blue", title: "Catálogo de demostración", role: "note" }],
  ])("Alert: %s", (_, alert) => {
    expect(markup(<PlainAlert {...alert}>Esta oferta es un borrador.</PlainAlert>)).toBe(
      markup(<Alert {...alert}>Esta oferta es un borrador.</Alert>),
    );
  });

  it("NativeSelect with a value", () => {
    expect(markup(<PlainSelect name="modalidad" label="Modalidad" defaultValue="remoto" data={OPTIONS} />)).toBe(
      markup(<NativeSelect name="modalidad" label="Modalidad" defaultValue="remoto" data={OPTIONS} />),
    );
  });

  it("NativeSelect with a description, its colour and a root style", () => {
    const color = "var(--mantine-color-gray-7)";
    expect(
      markup(
        <PlainSelect
          name="estudios"
          label="Tus estudios"
          description="Ofertas que piden como mucho este nivel"
          descriptionColor={color}
          defaultValue=""
          data={OPTIONS}
          rootStyle={{ width: "100%" }}
        />,
      ),
    ).toBe(
      markup(
        <NativeSelect
          name="estudios"
          label="Tus estudios"
          description="Ofertas que piden como mucho este nivel"
          styles={{ description: { color } }}
          defaultValue=""
          data={OPTIONS}
          w="100%"
        />,
      ),
    );
  });

  it("NativeSelect with groups", () => {
    const groups = [
      { group: "España y Latinoamérica", items: [{ value: "espana", label: "España" }] },
      { group: "Otros países", items: [{ value: "francia", label: "Francia" }] },
    ];
    expect(markup(<PlainSelect name="pais" label="País" defaultValue="espana" data={groups} />)).toBe(
      markup(<NativeSelect name="pais" label="País" defaultValue="espana" data={groups} />),
    );
  });

  it("TextInput", () => {
    const salary = {
      name: "salario_min",
      label: "Salario",
      type: "number",
      inputMode: "numeric",
      min: 0,
      step: 1000,
      defaultValue: "",
    } as const;
    expect(markup(<PlainTextInput {...salary} placeholder="30000" />)).toBe(markup(<TextInput {...salary} placeholder="30000" />));
  });

  it("TextInput without a visible label", () => {
    const search = { name: "q", defaultValue: "farmacia", placeholder: "Buscar noticias", "aria-label": "Buscar noticias", maxLength: 200 };
    expect(markup(<PlainTextInput {...search} />)).toBe(markup(<TextInput {...search} size="sm" />));
  });

  it("TextInput, size md, with a description and a root style", () => {
    const search = {
      name: "q",
      defaultValue: "",
      label: "Buscar medicamento",
      description: "Nombre, principio activo o código nacional",
      placeholder: "Ej.: ibuprofeno 600",
      maxLength: 120,
      size: "md",
    } as const;
    expect(markup(<PlainTextInput {...search} rootStyle={{ flex: 1 }} />)).toBe(markup(<TextInput {...search} style={{ flex: 1 }} />));
  });

  it.each<[string, { required?: boolean; error?: string; defaultValue?: string }]>([
    ["optional, empty", {}],
    ["required, with an answer", { required: true, defaultValue: "x" }],
    ["required, with an error", { required: true, error: "Responde a esta pregunta." }],
  ])("TextInput of a screening answer: %s", (_, state) => {
    const field = { name: "respuesta_1", label: "¿Cuántos años de experiencia tienes?", maxLength: 500, ...state };
    expect(markup(<PlainTextInput {...field} />)).toBe(markup(<TextInput {...field} />));
  });

  it("TextInput with a description and an error", () => {
    const field = { name: "q", label: "Buscar", description: "Nombre o código", error: "Demasiado corto", defaultValue: "a" };
    expect(markup(<PlainTextInput {...field} />)).toBe(markup(<TextInput {...field} />));
  });

  it.each<[string, { required?: boolean; error?: string; defaultValue?: string }]>([
    ["optional, none checked", {}],
    ["required, none checked", { required: true }],
    ["required, «No» checked", { required: true, defaultValue: "no" }],
    ["required, with an error", { required: true, error: "Responde a esta pregunta." }],
    ["with an error and «Sí» checked", { error: "Responde «Sí» o «No».", defaultValue: "si" }],
  ])("Radio.Group of a screening question: %s", (_, state) => {
    const options = [
      { value: "si", label: "Sí" },
      { value: "no", label: "No" },
    ];
    const group = { name: "respuesta_0", label: "¿Tienes el título de farmacia?", ...state };
    expect(markup(<PlainRadioGroup {...group} options={options} />)).toBe(
      markup(
        <Radio.Group {...group}>
          <Group gap="lg" mt={6}>
            {options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Radio.Group>,
      ),
    );
  });

  it("Table with a minimum width", () => {
    const rows = [
      ["712729", "Ibuprofeno 600 mg"],
      ["654321", "Amoxicilina 500 mg"],
    ];
    expect(
      markup(
        <PlainTable minWidth={480} head={["Código nacional", "Presentación"]}>
          {rows.map(([cn, name]) => (
            <PlainRow key={cn}>
              <PlainCell>{cn}</PlainCell>
              <PlainCell>{name}</PlainCell>
            </PlainRow>
          ))}
        </PlainTable>,
      ),
    ).toBe(
      markup(
        <Table miw={480}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Código nacional</Table.Th>
              <Table.Th>Presentación</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(([cn, name]) => (
              <Table.Tr key={cn}>
                <Table.Td>{cn}</Table.Td>
                <Table.Td>{name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>,
      ),
    );
  });

  it("vertical Table", () => {
    expect(
      markup(
        <PlainTable vertical>
          <PlainRow>
            <PlainHeaderCell width={200}>Forma farmacéutica</PlainHeaderCell>
            <PlainCell>Comprimido</PlainCell>
          </PlainRow>
        </PlainTable>,
      ),
    ).toBe(
      markup(
        <Table variant="vertical" layout="fixed" withRowBorders>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Forma farmacéutica</Table.Th>
              <Table.Td>Comprimido</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>,
      ),
    );
  });

  it("DataList", () => {
    const items: [string, string][] = [
      ["Ubicación", "Sevilla, España"],
      ["Vacantes", "2"],
    ];
    expect(markup(<PlainDataList items={items} labelWidth="8rem" />)).toBe(
      markup(
        <DataList orientation="horizontal" labelWidth="8rem" withDivider>
          {items.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel c="gray.7">{label}</DataList.ItemLabel>
              <DataList.ItemValue fw={500}>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>,
      ),
    );
  });
});
