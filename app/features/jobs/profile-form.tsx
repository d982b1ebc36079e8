import { Button, Card, Fieldset, Group, NativeSelect, Stack, Switch, Text, Textarea, TextInput, Title } from "@mantine/core";
import { Form, useNavigation } from "react-router";
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
  failure,
}: {
  profile: CandidateProfile;
  currencies: { value: string; label: string }[];
  failure: Failure;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // After a failed save the fields show what was typed; otherwise what is saved.
  const v = (field: string, saved: string | number | null | undefined) => failure.value(field, failure.failed ? "" : String(saved ?? ""));
  const positions = rowCount("experiencia", profile.experiencia.length, failure, PROFILE_LIMITS.positions);
  const studies = rowCount("formacion", profile.formacion.length, failure, PROFILE_LIMITS.education);
  const languages = rowCount("idiomas", profile.idiomas.length, failure, PROFILE_LIMITS.languages);
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
        <Rows title="Experiencia" id="experiencia" error={failure.error("experiencia")} hint="Deja vacío un puesto para quitarlo.">
          {Array.from({ length: positions }, (_, i) => {
            const saved = profile.experiencia[i];
            const f = (name: string) => `experiencia.${i}.${name}`;
            return (
              <Fieldset key={f("row")} legend={saved ? `Puesto ${i + 1}` : "Añadir un puesto"} radius="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    name={f("puesto")}
                    label="Puesto"
                    maxLength={PROFILE_LIMITS.titleMax}
                    defaultValue={v(f("puesto"), saved?.puesto)}
                    error={failure.error(f("puesto"))}
                  />
                  <TextInput
                    name={f("empresa")}
                    label="Empresa"
                    maxLength={PROFILE_LIMITS.placeMax}
                    defaultValue={v(f("empresa"), saved?.empresa)}
                    error={failure.error(f("empresa"))}
                  />
                  <MonthInput name={f("desde")} label="Desde" value={v(f("desde"), saved?.desde)} error={failure.error(f("desde"))} />
                  <MonthInput
                    name={f("hasta")}
                    label="Hasta"
                    hint="Vacío si es tu puesto actual"
                    value={v(f("hasta"), saved?.hasta)}
                    error={failure.error(f("hasta"))}
                  />
                </SimpleGrid>
                <Textarea
                  mt="sm"
                  name={f("descripcion")}
                  label="Descripción"
                  autosize
                  minRows={2}
                  maxLength={PROFILE_LIMITS.descriptionMax}
                  defaultValue={v(f("descripcion"), saved?.descripcion)}
                  error={failure.error(f("descripcion"))}
                />
              </Fieldset>
            );
          })}
        </Rows>
        <Rows title="Formación" id="formacion" error={failure.error("formacion")} hint="Deja vacío un estudio para quitarlo.">
          {Array.from({ length: studies }, (_, i) => {
            const saved = profile.formacion[i];
            const f = (name: string) => `formacion.${i}.${name}`;
            return (
              <Fieldset key={f("row")} legend={saved ? `Estudio ${i + 1}` : "Añadir un estudio"} radius="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    name={f("titulo")}
                    label="Título"
                    maxLength={PROFILE_LIMITS.titleMax}
                    defaultValue={v(f("titulo"), saved?.titulo)}
                    error={failure.error(f("titulo"))}
                  />
                  <TextInput
                    name={f("centro")}
                    label="Centro"
                    maxLength={PROFILE_LIMITS.placeMax}
                    defaultValue={v(f("centro"), saved?.centro)}
                    error={failure.error(f("centro"))}
                  />
                  <MonthInput name={f("desde")} label="Desde" value={v(f("desde"), saved?.desde)} error={failure.error(f("desde"))} />
                  <MonthInput name={f("hasta")} label="Hasta" value={v(f("hasta"), saved?.hasta)} error={failure.error(f("hasta"))} />
                </SimpleGrid>
              </Fieldset>
            );
          })}
        </Rows>
        <Rows title="Idiomas" id="idiomas" error={failure.error("idiomas")} hint="Deja vacío un idioma para quitarlo.">
          {Array.from({ length: languages }, (_, i) => {
            const saved = profile.idiomas[i];
            const f = (name: string) => `idiomas.${i}.${name}`;
            return (
              <SimpleGrid key={f("row")} cols={{ base: 2 }} spacing="sm">
                <TextInput
                  name={f("idioma")}
                  label={`Idioma ${i + 1}`}
                  maxLength={60}
                  defaultValue={v(f("idioma"), saved?.idioma)}
                  error={failure.error(f("idioma"))}
                />
                <NativeSelect
                  name={f("nivel")}
                  label="Nivel"
                  data={[{ value: "", label: "—" }, ...LANGUAGE_LEVELS.map((value) => ({ value, label: LANGUAGE_LEVEL_LABELS[value] }))]}
                  defaultValue={v(f("nivel"), saved?.nivel)}
                  error={failure.error(f("nivel"))}
                />
              </SimpleGrid>
            );
          })}
        </Rows>
        <Group>
          <Button type="submit" loading={busy}>
            Guardar perfil
          </Button>
        </Group>
      </Stack>
    </Form>
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
