import { Button, Group, TextInput } from "@mantine/core";
import { Form, Link, useSearchParams } from "react-router";

/**
 * "Más antiguas": the same list from the keyset cursor `before` on, keeping the current filters
 * (less the one-off query values in `drop`, such as a flash message). Nothing when there is no next page.
 */
export function OlderPageButton({ before, drop = [] }: { before: number | null | undefined; drop?: string[] }) {
  const [params] = useSearchParams();
  if (!before) return null;
  const next = new URLSearchParams(params);
  for (const name of drop) next.delete(name);
  next.set("antes", String(before));
  return (
    <Button component={Link} to={`?${next.toString()}`} variant="default">
      Más antiguas
    </Button>
  );
}

/** A keyword search (`q`) that keeps the filters chosen elsewhere on the page as hidden fields. */
export function KeywordSearch({ placeholder, keep }: { placeholder: string; keep: string[] }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" role="search">
      {keep.map((name) => {
        const value = params.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}
      <Group gap="xs" align="flex-end">
        <TextInput name="q" label="Buscar" placeholder={placeholder} defaultValue={params.get("q") ?? ""} />
        <Button type="submit" variant="default">
          Buscar
        </Button>
      </Group>
    </Form>
  );
}
