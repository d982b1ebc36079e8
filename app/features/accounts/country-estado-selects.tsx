import { Select } from "@mantine/core";
import { useState } from "react";
import { useEstados } from "#app/lib/use-estados";
import type { Option } from "./register-form";

/** What a page form's fields read from its action's failure (useFormFailure in app/lib/form.ts). */
export type FormFields = {
  value(field: string, fallback?: string): string;
  error(field: string): string | undefined;
};

type Props = {
  fields: FormFields;
  /** Form field names of the country and the sub-division. */
  paisField: string;
  estadoField: string;
  paises: Option[];
  /** The loader's sub-divisions for `initialPaisId`; others are fetched when the country changes. */
  initialEstados: Option[];
  initialPaisId?: string;
  /** The saved country (default initialPaisId) and sub-division, if any. */
  initialPais?: string | null;
  initialEstado?: string | null;
  paisLabel?: string;
  estadoClearable?: boolean;
};

/**
 * Country and province/state selects: changing the country empties the province. Named, so the
 * form posts them (Mantine renders a hidden input per select), before hydration too.
 */
export function PaisEstadoSelects({
  fields,
  paisField,
  estadoField,
  paises,
  initialEstados,
  initialPaisId,
  initialPais = initialPaisId,
  initialEstado,
  paisLabel = "País",
  estadoClearable,
}: Props) {
  const [pais, setPais] = useState<string | null>(fields.value(paisField, initialPais ?? "") || null);
  const [estado, setEstado] = useState<string | null>(fields.value(estadoField, initialEstado ?? "") || null);
  const estados = useEstados(pais, initialEstados, initialPaisId);
  return (
    <>
      <Select
        label={paisLabel}
        name={paisField}
        data={paises}
        searchable
        allowDeselect={false}
        required
        value={pais}
        error={fields.error(paisField)}
        onChange={(value) => {
          setPais(value);
          setEstado(null);
        }}
      />
      <Select
        label="Provincia o estado"
        name={estadoField}
        data={estados}
        searchable
        clearable={estadoClearable}
        disabled={!estados.length}
        value={estado}
        error={fields.error(estadoField)}
        onChange={setEstado}
      />
    </>
  );
}
