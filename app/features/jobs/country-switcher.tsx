import { Group } from "@mantine/core";
import { Form, useNavigate } from "react-router";
import { PlainButton } from "#app/ui/plain-button";
import { PlainSelect } from "#app/ui/plain-mantine";
import { linkTo } from "#common/route-names";

type Option = { value: string; label: string };
type Props = { current: string; options: { group: string; items: Option[] }[]; keep: Record<string, string> };

/**
 * Changes the listing's country. A GET form to the country-less listing (whose loader redirects to
 * the chosen country) so it works without JavaScript; with it, choosing navigates at once.
 */
export function CountrySwitcher({ current, options, keep }: Props) {
  const navigate = useNavigate();
  return (
    <Form method="get" action={linkTo("empleo")}>
      {Object.entries(keep).map(([key, value]) => (value ? <input key={key} type="hidden" name={key} value={value} /> : null))}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <PlainSelect
          name="pais"
          label="País"
          defaultValue={current}
          rootStyle={{ width: "100%", maxWidth: "calc(20rem * var(--mantine-scale))" }}
          data={options}
          onChange={(event) => {
            const query = new URLSearchParams(Object.entries(keep).filter(([, value]) => Boolean(value)));
            const cargo = query.get("cargo");
            query.delete("cargo");
            const pais = event.currentTarget.value;
            navigate(cargo ? linkTo("empleo-cargo", { pais, cargo }, query) : linkTo("empleo", { pais }, query));
          }}
        />
        {/* Visible always: the form works the same with and without JavaScript. */}
        <PlainButton type="submit" variant="default" style={{ flexShrink: 0 }}>
          Cambiar
        </PlainButton>
      </Group>
    </Form>
  );
}
