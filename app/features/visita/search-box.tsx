import { Group } from "@mantine/core";
import { Form } from "react-router";
import { PlainButton } from "#app/ui/plain-button";
import { PlainTextInput } from "#app/ui/plain-mantine";
import { linkTo } from "#common/route-names";

/** The catalogue's search box: a plain GET form to the results page (works without JavaScript). */
export function SearchBox({
  defaultValue = "",
  keep = {},
  action = linkTo("result"),
  autoFocus = false,
}: {
  defaultValue?: string;
  keep?: Record<string, string>;
  action?: string;
  autoFocus?: boolean;
}) {
  return (
    <Form method="get" action={action} role="search">
      {Object.entries(keep).map(([key, value]) =>
        value && key !== "q" ? <input key={key} type="hidden" name={key} value={value} /> : null,
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <PlainTextInput
          name="q"
          defaultValue={defaultValue}
          label="Buscar medicamento"
          description="Nombre, principio activo, laboratorio o código nacional (también el código de barras de la caja)"
          placeholder="Ej.: ibuprofeno 600, amoxicilina, 712729"
          maxLength={120}
          autoFocus={autoFocus}
          rootStyle={{ flex: 1 }}
          size="md"
        />
        <PlainButton type="submit" size="md">
          Buscar
        </PlainButton>
      </Group>
    </Form>
  );
}
