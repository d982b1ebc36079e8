import { Alert, Button, Card, Group, Input, NativeSelect, Stack, Textarea, TextInput, Title } from "@mantine/core";
import "@mantine/dates/styles.layer.css";
import "dayjs/locale/es";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { type FormFailureView, focusFirstInvalid } from "#app/lib/form";
import { useEstados } from "#app/lib/use-estados";
import { SimpleGrid } from "#app/ui/grid";
import { SPANISH_DATE_FORMAT, SPANISH_DATE_PLACEHOLDER } from "#app/ui/spanish-date";
import { SPANISH_DATES } from "#app/ui/spanish-date-input";
import {
  CONTRACT_TYPE_LABELS,
  CONTRACT_TYPES,
  CURRENCIES,
  CURRENCY_LABELS,
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
  JORNADA_LABELS,
  JORNADAS,
  OFFER_LIMITS,
  type OfferFormValues,
  offerInputSchema,
  SALARY_PERIOD_LABELS,
  SALARY_PERIODS,
  WORK_MODE_LABELS,
  WORK_MODES,
} from "#common/jobs";
import { foldQuestionFields, type ScreeningQuestion } from "#common/jobs/screening";
import { fieldErrorsOf } from "#common/validation";
import { ScreeningQuestionsEditor } from "./screening-questions-editor";
import { type FormErrors, firstError, readableDescription } from "./types";

const DescriptionEditor = lazy(() => import("./rich-text-editor.client"));

type Option = { value: string; label: string };
type Props = {
  values: OfferFormValues;
  cargos: Option[];
  paises: { group: string; items: Option[] }[];
  estados: Option[];
  delegaciones: Option[];
  minDate: string;
  maxDate: string;
  /** The page's useFormFailure(): the server's failure, and the ref that focuses its first field. */
  failure: FormFailureView;
  canPublish: boolean;
};

const options = <T extends string>(keys: readonly T[], labels: Record<T, string>, empty?: string): Option[] => [
  ...(empty !== undefined ? [{ value: "", label: empty }] : []),
  ...keys.map((value) => ({ value, label: labels[value] })),
];
const str = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/**
 * The offer form of the employment panel. The shared zod schema checks it in the browser before
 * sending and again in the action; the server adds what only it can check (references, text length).
 */
export function OfferForm(props: Props) {
  const { values } = props;
  const navigation = useNavigation();
  const { formRef } = props.failure;
  const [clientErrors, setClientErrors] = useState<FormErrors | undefined>();
  const errors = clientErrors ?? props.failure.errors;
  const [paisId, setPaisId] = useState(str(values.pais_id));
  const [estadoId, setEstadoId] = useState(str(values.estado_id));
  const estados = useEstados(paisId, props.estados, str(values.pais_id));
  const [expiry, setExpiry] = useState<string | null>(str(values.fecha_expiracion) || null);
  const [descripcion, setDescripcion] = useState(str(values.descripcion));
  const [mounted, setMounted] = useState(false);
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  useEffect(() => setMounted(true), []);

  function changeCountry(next: string) {
    setPaisId(next);
    setEstadoId("");
  }

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const data = foldQuestionFields(Object.fromEntries(new FormData(event.currentTarget).entries()));
    const parsed = offerInputSchema.safeParse(data);
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    const found = fieldErrorsOf(parsed.error);
    setClientErrors(found);
    focusFirstInvalid(formRef.current, found);
  }

  const err = (field: string) => firstError(errors, field);
  const descripcionError = err("descripcion");

  return (
    <Form method="post" ref={formRef} onSubmit={validate} noValidate aria-label="Oferta de empleo">
      <Stack gap="lg">
        {props.failure.message ? (
          <Alert color="red" role="alert" title="No se ha podido guardar">
            {props.failure.message}
          </Alert>
        ) : null}
        <Section title="El puesto">
          <TextInput
            name="titulo"
            label="Título de la oferta"
            required
            maxLength={OFFER_LIMITS.tituloMax}
            defaultValue={str(values.titulo)}
            error={err("titulo")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              name="cargo_id"
              label="Puesto"
              required
              data={[{ value: "", label: "Elige un puesto" }, ...props.cargos]}
              defaultValue={str(values.cargo_id)}
              error={err("cargo_id")}
            />
            <TextInput
              name="vacantes"
              label="Vacantes"
              type="number"
              min={1}
              max={OFFER_LIMITS.vacantesMax}
              required
              defaultValue={str(values.vacantes)}
              error={err("vacantes")}
            />
            <NativeSelect
              name="experiencia"
              label="Experiencia"
              required
              data={options(EXPERIENCE_LEVELS, EXPERIENCE_LEVEL_LABELS)}
              defaultValue={str(values.experiencia)}
              error={err("experiencia")}
            />
            <NativeSelect
              name="estudios"
              label="Estudios mínimos"
              required
              data={options(EDUCATION_LEVELS, EDUCATION_LEVEL_LABELS)}
              defaultValue={str(values.estudios)}
              error={err("estudios")}
            />
          </SimpleGrid>
        </Section>
        <Section title="Ubicación">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              name="pais_id"
              label="País"
              required
              data={props.paises}
              value={paisId}
              onChange={(event) => changeCountry(event.currentTarget.value)}
              error={err("pais_id")}
            />
            <NativeSelect
              name="estado_id"
              label="Provincia o estado"
              data={[{ value: "", label: estados.length ? "Sin especificar" : "—" }, ...estados]}
              value={estadoId}
              onChange={(event) => setEstadoId(event.currentTarget.value)}
              error={err("estado_id")}
            />
            <TextInput
              name="ciudad"
              label="Ciudad"
              required
              maxLength={OFFER_LIMITS.ciudadMax}
              defaultValue={str(values.ciudad)}
              error={err("ciudad")}
            />
            <NativeSelect
              name="delegacion_id"
              label="Delegación"
              data={[{ value: "", label: "Sin delegación" }, ...props.delegaciones]}
              defaultValue={str(values.delegacion_id)}
              error={err("delegacion_id")}
            />
          </SimpleGrid>
        </Section>
        <Section title="Condiciones">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              name="modalidad"
              label="Modalidad"
              required
              data={options(WORK_MODES, WORK_MODE_LABELS)}
              defaultValue={str(values.modalidad)}
              error={err("modalidad")}
            />
            <NativeSelect
              name="contrato"
              label="Contrato"
              required
              data={options(CONTRACT_TYPES, CONTRACT_TYPE_LABELS)}
              defaultValue={str(values.contrato)}
              error={err("contrato")}
            />
            <NativeSelect
              name="jornada"
              label="Jornada"
              required
              data={options(JORNADAS, JORNADA_LABELS)}
              defaultValue={str(values.jornada)}
              error={err("jornada")}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <TextInput
              name="salario_min"
              label="Salario desde"
              type="number"
              min={0}
              inputMode="numeric"
              defaultValue={str(values.salario_min)}
              error={err("salario_min")}
            />
            <TextInput
              name="salario_max"
              label="Salario hasta"
              type="number"
              min={0}
              inputMode="numeric"
              defaultValue={str(values.salario_max)}
              error={err("salario_max")}
            />
            <NativeSelect
              name="salario_moneda"
              label="Moneda"
              data={options(CURRENCIES, CURRENCY_LABELS, "—")}
              defaultValue={str(values.salario_moneda)}
              error={err("salario_moneda")}
            />
            <NativeSelect
              name="salario_periodo"
              label="Periodo"
              data={options(SALARY_PERIODS, SALARY_PERIOD_LABELS, "—")}
              defaultValue={str(values.salario_periodo)}
              error={err("salario_periodo")}
            />
          </SimpleGrid>
          <DatesProvider settings={SPANISH_DATES}>
            <DatePickerInput
              id="campo-fecha_expiracion"
              name="fecha_expiracion"
              label="Admite candidaturas hasta"
              styles={readableDescription}
              description={`Como máximo ${OFFER_LIMITS.expiryMaxDays} días desde hoy.`}
              required
              valueFormat={SPANISH_DATE_FORMAT}
              placeholder={SPANISH_DATE_PLACEHOLDER}
              value={expiry}
              onChange={(value) => setExpiry(value)}
              minDate={props.minDate}
              maxDate={props.maxDate}
              error={err("fecha_expiracion")}
              maw={320}
            />
          </DatesProvider>
        </Section>
        <Section title="Descripción">
          {mounted ? (
            <Input.Wrapper
              label="Descripción de la oferta"
              labelProps={{ id: "descripcion-label", component: "span" }}
              required
              error={descripcionError}
              errorProps={{ id: "descripcion-error" }}
            >
              <input type="hidden" name="descripcion" value={descripcion} />
              <Suspense fallback={<DescriptionFallback value={descripcion} onChange={setDescripcion} error={descripcionError} />}>
                <DescriptionEditor
                  initialHtml={descripcion}
                  onChange={setDescripcion}
                  labelId="descripcion-label"
                  describedBy={descripcionError ? "descripcion-error" : undefined}
                  invalid={Boolean(descripcionError)}
                />
              </Suspense>
            </Input.Wrapper>
          ) : (
            <DescriptionFallback value={descripcion} onChange={setDescripcion} error={descripcionError} named />
          )}
        </Section>
        <Section title="Preguntas de filtrado">
          <ScreeningQuestionsEditor initial={(values.preguntas ?? []) as ScreeningQuestion[]} errors={errors} />
        </Section>
        <Group gap="sm">
          <Button type="submit" name="intent" value="draft" variant="default" loading={submittingIntent === "draft"}>
            Guardar borrador
          </Button>
          {props.canPublish ? (
            <Button type="submit" name="intent" value="publish" loading={submittingIntent === "publish"}>
              Publicar
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Form>
  );
}

/** Before the editor loads (and without JavaScript): the description as plain HTML text. */
function DescriptionFallback({
  value,
  onChange,
  error,
  named,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  named?: boolean;
}) {
  return (
    <Textarea
      id="campo-descripcion"
      name={named ? "descripcion" : undefined}
      label="Descripción de la oferta"
      required
      autosize
      minRows={8}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      styles={readableDescription}
      description={`Al menos ${OFFER_LIMITS.descripcionMin} caracteres.`}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `seccion-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
