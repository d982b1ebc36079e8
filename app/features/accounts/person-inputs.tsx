import { TextInput } from "@mantine/core";
import { useState } from "react";
import { SpanishDateInput } from "#app/ui/spanish-date-input";

type FieldError = (field: string) => string | undefined;

/**
 * A person's name and surnames, as registration, «Mi cuenta» and the add-candidate form ask them.
 * Two inputs without a grid: each page lays them out with its own neighbours.
 */
export function NameInputs({ nombre, apellidos, error }: { nombre: string; apellidos: string; error: FieldError }) {
  return (
    <>
      <TextInput label="Nombre" name="nombre" autoComplete="given-name" required defaultValue={nombre} error={error("nombre")} />
      <TextInput
        label="Apellidos"
        name="apellidos"
        autoComplete="family-name"
        required
        defaultValue={apellidos}
        error={error("apellidos")}
      />
    </>
  );
}

/**
 * A candidate's birth date (posted as "nacimiento"): required, the calendar opens on decades and
 * stops at today. It keeps its own value, starting from `defaultValue` (what was saved or typed).
 */
export function BirthDateInput({ defaultValue, error, maw }: { defaultValue: string; error: string | undefined; maw?: number }) {
  const [nacimiento, setNacimiento] = useState<string | null>(defaultValue || null);
  return (
    <SpanishDateInput
      label="Fecha de nacimiento"
      name="nacimiento"
      required
      defaultLevel="decade"
      maxDate={new Date()}
      value={nacimiento}
      onChange={setNacimiento}
      error={error}
      maw={maw}
    />
  );
}
