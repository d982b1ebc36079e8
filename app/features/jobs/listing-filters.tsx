import { Group, Stack, Title } from "@mantine/core";
import type { FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import { SimpleGrid } from "#app/ui/grid";
import { PlainButton } from "#app/ui/plain-button";
import { PlainSelect, PlainTextInput } from "#app/ui/plain-mantine";
import {
  CONTRACT_TYPE_LABELS,
  CONTRACT_TYPES,
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  EXPERIENCE_FILTER_LABELS,
  EXPERIENCE_LEVELS,
  JORNADA_LABELS,
  JORNADAS,
  POSTED_WITHIN,
  POSTED_WITHIN_LABELS,
  WORK_MODE_LABELS,
  WORK_MODES,
} from "#common/jobs/vocabulary";
import { readableDescription } from "./types";

const READABLE_DESCRIPTION = readableDescription.description.color;

export type ListingFilters = {
  q: string;
  estado: string;
  modalidad: string;
  contrato: string;
  salario_min: string;
  jornada: string;
  experiencia: string;
  estudios: string;
  publicada: string;
  orden: string;
};

/** Every filter but the keywords and the sort order (those are not "filters in use"). */
export const FILTER_FIELDS = ["estado", "modalidad", "contrato", "salario_min", "jornada", "experiencia", "estudios", "publicada"] as const;

/** Filter options with "any" first; the alert form uses them too. */
export const WORK_MODE_OPTIONS = [{ value: "", label: "Todas" }, ...WORK_MODES.map((value) => ({ value, label: WORK_MODE_LABELS[value] }))];
export const CONTRACT_OPTIONS = [
  { value: "", label: "Todos" },
  ...CONTRACT_TYPES.map((value) => ({ value, label: CONTRACT_TYPE_LABELS[value] })),
];

export const JORNADA_OPTIONS = [{ value: "", label: "Todas" }, ...JORNADAS.map((value) => ({ value, label: JORNADA_LABELS[value] }))];
export const EXPERIENCE_OPTIONS = [
  { value: "", label: "Cualquiera" },
  ...EXPERIENCE_LEVELS.map((value) => ({ value, label: EXPERIENCE_FILTER_LABELS[value] })),
];
export const EDUCATION_OPTIONS = [
  { value: "", label: "Cualquiera" },
  ...EDUCATION_LEVELS.map((value) => ({ value, label: EDUCATION_LEVEL_LABELS[value] })),
];
const POSTED_OPTIONS = [
  { value: "", label: "Cualquier fecha" },
  ...POSTED_WITHIN.map((value) => ({ value, label: POSTED_WITHIN_LABELS[value] })),
];

/**
 * With JavaScript, submit without the empty fields, so the address reads "?modalidad=remoto"
 * instead of "?estado=&modalidad=remoto&…" (without it the browser sends them all, harmlessly).
 */
function useCleanSubmit(action: string) {
  const navigate = useNavigate();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim()) query.append(key, value.trim());
    }
    const search = query.toString();
    navigate(search ? `${action}?${search}` : action);
  };
}

/** Hidden copies of the other form's values, so each GET form keeps the whole search. */
function Carry({ values, keys }: { values: ListingFilters; keys: (keyof ListingFilters)[] }) {
  return <>{keys.map((key) => (values[key] ? <input key={key} type="hidden" name={key} value={values[key]} /> : null))}</>;
}

/** The keyword box: a plain GET form, so results have a shareable address and work without JS. */
export function KeywordSearch({ action, filters, label }: { action: string; filters: ListingFilters; label: string }) {
  const onSubmit = useCleanSubmit(action);
  return (
    <Form method="get" action={action} role="search" aria-label="Buscar ofertas" onSubmit={onSubmit}>
      <Carry values={filters} keys={[...FILTER_FIELDS, "orden"]} />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <PlainTextInput
          name="q"
          type="search"
          label={label}
          placeholder="Puesto, empresa, palabra clave…"
          defaultValue={filters.q}
          rootStyle={{ flexGrow: 1 }}
          maxLength={200}
        />
        <PlainButton type="submit" style={{ flexShrink: 0 }}>
          Buscar
        </PlainButton>
      </Group>
    </Form>
  );
}

type FiltersProps = {
  action: string;
  filters: ListingFilters;
  estados: { value: string; label: string }[];
  estadoLabel: string;
  clearHref: string;
};

export function FiltersForm({ action, filters, estados, estadoLabel, clearHref }: FiltersProps) {
  const onSubmit = useCleanSubmit(action);
  return (
    <Form method="get" action={action} aria-labelledby="filtros-title" onSubmit={onSubmit}>
      <Stack gap="sm">
        <Title order={2} size="h4" id="filtros-title">
          Filtrar
        </Title>
        <Carry values={filters} keys={["q", "orden"]} />
        <SimpleGrid cols={{ base: 2, md: 1 }} spacing="sm" verticalSpacing="sm">
          <PlainSelect name="estado" label={estadoLabel} defaultValue={filters.estado} data={[{ value: "", label: "Todas" }, ...estados]} />
          <PlainSelect name="modalidad" label="Modalidad" defaultValue={filters.modalidad} data={WORK_MODE_OPTIONS} />
          <PlainSelect name="contrato" label="Contrato" defaultValue={filters.contrato} data={CONTRACT_OPTIONS} />
          <PlainTextInput
            name="salario_min"
            label="Salario mínimo"
            type="number"
            inputMode="numeric"
            min={0}
            step={1000}
            placeholder="p. ej. 30000"
            defaultValue={filters.salario_min}
          />
          <PlainSelect name="jornada" label="Jornada" defaultValue={filters.jornada} data={JORNADA_OPTIONS} />
          <PlainSelect name="publicada" label="Fecha de publicación" defaultValue={filters.publicada} data={POSTED_OPTIONS} />
          <PlainSelect
            name="experiencia"
            label="Tu experiencia"
            description="Ofertas que piden como mucho esta experiencia"
            descriptionColor={READABLE_DESCRIPTION}
            defaultValue={filters.experiencia}
            data={EXPERIENCE_OPTIONS}
          />
          <PlainSelect
            name="estudios"
            label="Tus estudios"
            description="Ofertas que piden como mucho este nivel"
            descriptionColor={READABLE_DESCRIPTION}
            defaultValue={filters.estudios}
            data={EDUCATION_OPTIONS}
          />
        </SimpleGrid>
        <Group gap="xs">
          <PlainButton type="submit" variant="filled">
            Aplicar filtros
          </PlainButton>
          <PlainButton to={clearHref} variant="subtle">
            Quitar filtros
          </PlainButton>
        </Group>
      </Stack>
    </Form>
  );
}
