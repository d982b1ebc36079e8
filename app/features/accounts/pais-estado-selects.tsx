import { Select } from "@mantine/core";
import { useEstados } from "#app/lib/use-estados";
import type { Option } from "./register-form";

/**
 * The slice of a Mantine form these fields use. Methods (not function properties) so any
 * UseFormReturnType<Values> fits, whatever its field names.
 */
type FieldsForm = {
  values: Record<string, unknown>;
  key(path: string): string;
  getInputProps(path: string): object;
  setFieldValue(path: string, value: unknown): void;
};

type Props = {
  form: FieldsForm;
  /** Form field names of the country and the sub-division. */
  paisField: string;
  estadoField: string;
  paises: Option[];
  /** The loader's sub-divisions for `initialPaisId`; others are fetched when the country changes. */
  initialEstados: Option[];
  initialPaisId?: string;
  paisLabel?: string;
  estadoClearable?: boolean;
};

/** Country and province/state selects: changing the country empties the province. */
export function PaisEstadoSelects({
  form,
  paisField,
  estadoField,
  paises,
  initialEstados,
  initialPaisId,
  paisLabel = "País",
  estadoClearable,
}: Props) {
  const estados = useEstados(form.values[paisField] as string | null | undefined, initialEstados, initialPaisId);
  return (
    <>
      <Select
        label={paisLabel}
        data={paises}
        searchable
        allowDeselect={false}
        required
        key={form.key(paisField)}
        {...form.getInputProps(paisField)}
        onChange={(value) => {
          form.setFieldValue(paisField, value ?? "");
          form.setFieldValue(estadoField, null);
        }}
      />
      <Select
        label="Provincia o estado"
        data={estados}
        searchable
        clearable={estadoClearable}
        disabled={!estados.length}
        key={form.key(estadoField)}
        {...form.getInputProps(estadoField)}
      />
    </>
  );
}
