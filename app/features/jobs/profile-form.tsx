import { Button, Card, Fieldset, Group, NativeSelect, Stack, Switch, Text, Textarea, TextInput, Title } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import type { FormFailureView } from "#app/lib/form";
import { FormError } from "#app/ui/form-error";
import { SimpleGrid } from "#app/ui/grid";
import {
  AVAILABILITIES,
  AVAILABILITY_LABELS,
  type CandidateProfile,
  LANGUAGE_LEVEL_LABELS,
  LANGUAGE_LEVELS,
  PROFILE_LIMITS,
} from "#common/jobs";
import { readableDescription } from "./types";

type Failure = {
  formRef: React.RefObject<HTMLFormElement | null>;
  message?: string;
  error: (field: string) => string | undefined;
  value: (field: string, fallback?: string) => string;
  failed: boolean;
  typedKeys: string[];
};

type Section = "experiencia" | "formacion" | "idiomas";

/**
 * How many rows a section shows: the saved ones (or as many as were sent, after a failed save) plus
 * one blank row to add another. Emptying a row removes it on save: no JavaScript needed.
 */
function rowCount(section: Section, saved: number, failure: Failure, max: number) {
  const sent = failure.failed
    ? Math.max(-1, ...failure.typedKeys.map((key) => (key.startsWith(`${section}.`) ? Number(key.split(".")[1]) : -1))) + 1
    : saved;
  return Math.min(Math.max(sent, saved) + 1, max);
}

/** The candidate's profile form (a plain <Form>, so it saves before hydration too). */
export function ProfileForm({
  profile,
  currencies,
  failure: view,
}: {
  profile: CandidateProfile;
  currencies: { value: string; label: string }[];
  failure: FormFailureView<{ values: object }>;
}) {
  const failure: Failure = { ...view, failed: Boolean(view.failure), typedKeys: Object.keys(view.failure?.values ?? {}) };
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // After a failed save the fields show what was typed; otherwise what is saved.
  const v = (field: string, saved: string | number | null | undefined) => failure.value(field, failure.failed ? "" : String(saved ?? ""));
  return (
    <Form method="post" ref={failure.formRef} noValidate>
      <Stack gap="lg">
        <FormError message={failure.message} />
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="visibilidad-title">
          <Title order={2} size="h4" id="visibilidad-title" mb="sm">
            Visibilidad
          </Title>
          <Switch
            name="abierto_a_ofertas"
            label="Abierto a ofertas"
            description="Las empresas que buscan candidatos podrán encontrar tu perfil (nunca tu correo ni tu teléfono). Las empresas a cuyas ofertas te inscribas lo ven siempre junto a tu CV."
            styles={readableDescription}
            defaultChecked={failure.failed ? failure.value("abierto_a_ofertas") === "on" : profile.abiertoAOfertas}
          />
        </Card>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="resumen-title">
          <Title order={2} size="h4" id="resumen-title" mb="sm">
            Resumen
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              name="titular"
              label="Titular"
              placeholder="p. ej. Delegada comercial en oncología"
              maxLength={PROFILE_LIMITS.headlineMax}
              defaultValue={v("titular", profile.titular)}
              error={failure.error("titular")}
            />
            <TextInput
              name="habilidades"
              label="Habilidades"
              description="Separadas por comas (máx. 30)"
              styles={readableDescription}
              placeholder="p. ej. Oncología, CRM, Negociación"
              defaultValue={v("habilidades", profile.habilidades.join(", "))}
              error={failure.error("habilidades") ?? failure.error("habilidades.0")}
            />
            <NativeSelect
              name="disponibilidad"
              label="Disponibilidad"
              data={[{ value: "", label: "Sin indicar" }, ...AVAILABILITIES.map((value) => ({ value, label: AVAILABILITY_LABELS[value] }))]}
              defaultValue={v("disponibilidad", profile.disponibilidad)}
              error={failure.error("disponibilidad")}
            />
            <Group gap="xs" align="flex-start" grow>
              <TextInput
                name="salario_deseado"
                label="Salario anual deseado (opcional)"
                type="number"
                inputMode="numeric"
                min={1}
                step={1000}
                defaultValue={v("salario_deseado", profile.salarioDeseado)}
                error={failure.error("salario_deseado")}
              />
              <NativeSelect
                name="salario_moneda"
                label="Moneda"
                data={[{ value: "", label: "—" }, ...currencies]}
                defaultValue={v("salario_moneda", profile.salarioMoneda ?? "EUR")}
                error={failure.error("salario_moneda")}
              />
            </Group>
          </SimpleGrid>
        </Card>
        <RowListEditor
          section="experiencia"
          title="Experiencia"
          hint="Deja vacío un puesto para quitarlo."
          saved={profile.experiencia}
          max={PROFILE_LIMITS.positions}
          legend={(i, saved) => (saved ? `Puesto ${i + 1}` : "Añadir un puesto")}
          fields={[
            { name: "puesto", label: "Puesto", maxLength: PROFILE_LIMITS.titleMax },
            { name: "empresa", label: "Empresa", maxLength: PROFILE_LIMITS.placeMax },
            { name: "desde", label: "Desde", kind: "month" },
            { name: "hasta", label: "Hasta", kind: "month", hint: "Vacío si es tu puesto actual" },
            { name: "descripcion", label: "Descripción", kind: "textarea", maxLength: PROFILE_LIMITS.descriptionMax },
          ]}
          failure={failure}
          value={v}
        />
        <RowListEditor
          section="formacion"
          title="Formación"
          hint="Deja vacío un estudio para quitarlo."
          saved={profile.formacion}
          max={PROFILE_LIMITS.education}
          legend={(i, saved) => (saved ? `Estudio ${i + 1}` : "Añadir un estudio")}
          fields={[
            { name: "titulo", label: "Título", maxLength: PROFILE_LIMITS.titleMax },
            { name: "centro", label: "Centro", maxLength: PROFILE_LIMITS.placeMax },
            { name: "desde", label: "Desde", kind: "month" },
            { name: "hasta", label: "Hasta", kind: "month" },
          ]}
          failure={failure}
          value={v}
        />
        <RowListEditor
          section="idiomas"
          title="Idiomas"
          hint="Deja vacío un idioma para quitarlo."
          saved={profile.idiomas}
          max={PROFILE_LIMITS.languages}
          fields={[
            { name: "idioma", label: (i) => `Idioma ${i + 1}`, maxLength: 60 },
            {
              name: "nivel",
              label: "Nivel",
              kind: "select",
              data: [{ value: "", label: "—" }, ...LANGUAGE_LEVELS.map((value) => ({ value, label: LANGUAGE_LEVEL_LABELS[value] }))],
            },
          ]}
          failure={failure}
          value={v}
        />
        <Group>
          <Button type="submit" loading={busy}>
            Guardar perfil
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

type RowField = {
  name: string;
  label: string | ((row: number) => string);
  kind?: "text" | "month" | "textarea" | "select";
  maxLength?: number;
  hint?: string;
  data?: { value: string; label: string }[];
};

type SavedValue = string | number | null | undefined;

/**
 * One editor for every repeated section (positions, studies, languages): the saved rows plus a blank
 * one, named `section.i.field`. With a legend each row is a fieldset of two columns (a textarea spans
 * them below); without, the row is its two fields side by side.
 */
function RowListEditor<T extends object>({
  section,
  title,
  hint,
  saved,
  max,
  legend,
  fields,
  failure,
  value,
}: {
  section: Section;
  title: string;
  hint: string;
  saved: T[];
  max: number;
  legend?: (row: number, saved: T | undefined) => string;
  fields: RowField[];
  failure: Failure;
  value: (field: string, saved: SavedValue) => string;
}) {
  const count = rowCount(section, saved.length, failure, max);
  return (
    <Rows title={title} id={section} error={failure.error(section)} hint={hint}>
      {Array.from({ length: count }, (_, i) => {
        const row = saved[i] as Record<string, SavedValue> | undefined;
        const f = (name: string) => `${section}.${i}.${name}`;
        const input = (field: RowField) => {
          const props = {
            name: f(field.name),
            label: typeof field.label === "function" ? field.label(i) : field.label,
            value: value(f(field.name), row?.[field.name]),
            error: failure.error(f(field.name)),
          };
          switch (field.kind) {
            case "month":
              return <MonthInput key={props.name} {...props} hint={field.hint} />;
            case "select":
              return (
                <NativeSelect
                  key={props.name}
                  name={props.name}
                  label={props.label}
                  data={field.data ?? []}
                  defaultValue={props.value}
                  error={props.error}
                />
              );
            case "textarea":
              return (
                <Textarea
                  key={props.name}
                  mt="sm"
                  name={props.name}
                  label={props.label}
                  autosize
                  minRows={2}
                  maxLength={field.maxLength}
                  defaultValue={props.value}
                  error={props.error}
                />
              );
            default:
              return (
                <TextInput
                  key={props.name}
                  name={props.name}
                  label={props.label}
                  maxLength={field.maxLength}
                  defaultValue={props.value}
                  error={props.error}
                />
              );
          }
        };
        const inGrid = fields.filter((field) => field.kind !== "textarea").map(input);
        const below = fields.filter((field) => field.kind === "textarea").map(input);
        if (!legend) {
          return (
            <SimpleGrid key={f("row")} cols={{ base: 2 }} spacing="sm">
              {inGrid}
            </SimpleGrid>
          );
        }
        return (
          <Fieldset key={f("row")} legend={legend(i, saved[i])} radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {inGrid}
            </SimpleGrid>
            {below}
          </Fieldset>
        );
      })}
    </Rows>
  );
}

function Rows({
  title,
  id,
  hint,
  error,
  children,
}: {
  title: string;
  id: string;
  hint: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" id={`${id}-title`}>
        {title}
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {hint}
      </Text>
      {error ? (
        <Text size="sm" c="red.8" role="alert" mb="sm">
          {error}
        </Text>
      ) : null}
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

function MonthInput({ name, label, value, error, hint }: { name: string; label: string; value: string; error?: string; hint?: string }) {
  return (
    <TextInput
      name={name}
      label={label}
      type="month"
      placeholder="AAAA-MM"
      description={hint}
      styles={readableDescription}
      defaultValue={value}
      error={error}
    />
  );
}
