import { Button, Fieldset, Group, NativeSelect, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import type { ProposalFormValues } from "#common/visita/proposal";
import { STRENGTH_UNITS } from "#common/visita/vocabulary";

type Err = (field: string) => string | undefined;

/** Rows the user adds and removes; each keeps a stable key so typed text stays in its row. */
function useRows<T>(initial: T[], empty: T) {
  const [rows, setRows] = useState(() => (initial.length ? initial : [empty]).map((row, i) => ({ key: i, row })));
  const [nextKey, setNextKey] = useState(rows.length);
  return {
    rows,
    add: () => {
      setRows((current) => [...current, { key: nextKey, row: empty }]);
      setNextKey((k) => k + 1);
    },
    remove: (key: number) => setRows((current) => (current.length > 1 ? current.filter((r) => r.key !== key) : current)),
  };
}

/** Active ingredients with strength and unit ("principios_activos.N.*"). */
export function IngredientRows({ initial, err }: { initial: ProposalFormValues["principios_activos"]; err: Err }) {
  const { rows, add, remove } = useRows(initial, { nombre: "", dosis: "", unidad: "mg" });
  return (
    <Fieldset legend="Principios activos" radius="md">
      <Stack gap="sm">
        {rows.map(({ key, row }, i) => (
          <Group key={key} align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              name={`principios_activos.${i}.nombre`}
              label={`Principio activo ${i + 1}`}
              placeholder="ibuprofeno"
              defaultValue={row.nombre}
              error={err(`principios_activos.${i}.nombre`)}
              required
              style={{ flex: "2 1 200px" }}
            />
            <TextInput
              name={`principios_activos.${i}.dosis`}
              label="Dosis"
              placeholder="400"
              inputMode="decimal"
              defaultValue={row.dosis}
              error={err(`principios_activos.${i}.dosis`)}
              required
              style={{ flex: "1 1 90px" }}
            />
            <NativeSelect
              name={`principios_activos.${i}.unidad`}
              label="Unidad"
              data={[...STRENGTH_UNITS]}
              defaultValue={row.unidad || "mg"}
              error={err(`principios_activos.${i}.unidad`)}
              style={{ flex: "1 1 90px" }}
            />
            {rows.length > 1 ? (
              <Button variant="subtle" color="red" mt={25} onClick={() => remove(key)} aria-label={`Quitar el principio activo ${i + 1}`}>
                Quitar
              </Button>
            ) : null}
          </Group>
        ))}
        <Group>
          <Button variant="light" size="xs" onClick={add} disabled={rows.length >= 6}>
            Añadir principio activo
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** Presentations with their código nacional ("presentaciones.N.*"). */
export function PresentationRows({ initial, err }: { initial: ProposalFormValues["presentaciones"]; err: Err }) {
  const { rows, add, remove } = useRows(initial, { cn: "", nombre: "" });
  return (
    <Fieldset legend="Presentaciones" radius="md">
      <Stack gap="sm">
        {rows.map(({ key, row }, i) => (
          <Group key={key} align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              name={`presentaciones.${i}.cn`}
              label={`Código nacional ${i + 1}`}
              description="6 cifras, o 7 con el dígito de control"
              placeholder="712729"
              inputMode="numeric"
              defaultValue={row.cn}
              error={err(`presentaciones.${i}.cn`)}
              required
              style={{ flex: "1 1 160px" }}
            />
            <TextInput
              name={`presentaciones.${i}.nombre`}
              label="Presentación"
              description="Envase y contenido"
              placeholder="20 comprimidos"
              defaultValue={row.nombre}
              error={err(`presentaciones.${i}.nombre`)}
              required
              style={{ flex: "2 1 220px" }}
            />
            {rows.length > 1 ? (
              <Button variant="subtle" color="red" mt={46} onClick={() => remove(key)} aria-label={`Quitar la presentación ${i + 1}`}>
                Quitar
              </Button>
            ) : null}
          </Group>
        ))}
        <Group>
          <Button variant="light" size="xs" onClick={add} disabled={rows.length >= 10}>
            Añadir presentación
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
