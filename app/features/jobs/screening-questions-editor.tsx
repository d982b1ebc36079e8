import { Button, Card, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useRef, useState } from "react";
import { SimpleGrid } from "#app/ui/grid";
import {
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  type QuestionKind,
  SCREENING_LIMITS,
  type ScreeningQuestion,
  YES_NO_LABELS,
  type YesNo,
} from "#common/jobs/screening";
import { type FormErrors, firstError, readableDescription } from "./types";

type Row = ScreeningQuestion & { key: number };

const field = (index: number, name: keyof ScreeningQuestion) => `preguntas.${index}.${name}`;

/**
 * The offer's screening questions: each row posts flat fields ("preguntas.0.texto"…), folded into
 * an array on both sides (foldQuestionFields). Rows already saved work without JavaScript; adding one needs it.
 */
export function ScreeningQuestionsEditor({ initial, errors }: { initial: ScreeningQuestion[]; errors?: FormErrors }) {
  const nextKey = useRef(initial.length);
  const [rows, setRows] = useState<Row[]>(() => initial.map((question, key) => ({ ...question, key })));
  const update = (key: number, change: Partial<ScreeningQuestion>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const add = () => {
    const key = nextKey.current++;
    setRows((current) => [...current, { key, texto: "", tipo: "si_no", obligatoria: true, descarta_si: null }]);
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        Hasta {SCREENING_LIMITS.maxQuestions} preguntas de sí o no o de respuesta corta. Una pregunta de sí o no puede ser eliminatoria:
        quien dé la respuesta que descarta aparecerá marcado como «No cumple requisitos».
      </Text>
      {firstError(errors, "preguntas") ? (
        <Text c="red.8" size="sm" role="alert">
          {firstError(errors, "preguntas")}
        </Text>
      ) : null}
      {rows.map((row, index) => (
        <Card key={row.key} withBorder radius="sm" padding="sm" component="fieldset" aria-label={`Pregunta ${index + 1}`}>
          <Stack gap="xs">
            <TextInput
              name={field(index, "texto")}
              label={`Pregunta ${index + 1}`}
              required
              maxLength={SCREENING_LIMITS.preguntaMax}
              value={row.texto}
              onChange={(event) => update(row.key, { texto: event.currentTarget.value })}
              error={firstError(errors, field(index, "texto"))}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} verticalSpacing="xs">
              <NativeSelect
                name={field(index, "tipo")}
                label="Tipo de respuesta"
                data={QUESTION_KINDS.map((value) => ({ value, label: QUESTION_KIND_LABELS[value] }))}
                value={row.tipo}
                onChange={(event) => {
                  const tipo = event.currentTarget.value as QuestionKind;
                  update(row.key, { tipo, descarta_si: tipo === "si_no" ? row.descarta_si : null });
                }}
                error={firstError(errors, field(index, "tipo"))}
              />
              {row.tipo === "si_no" ? (
                <NativeSelect
                  name={field(index, "descarta_si")}
                  label="Eliminatoria"
                  styles={readableDescription}
                  description="La respuesta que descarta"
                  data={[
                    { value: "", label: "No es eliminatoria" },
                    ...(["si", "no"] as const).map((value) => ({ value, label: `Descarta si responde «${YES_NO_LABELS[value]}»` })),
                  ]}
                  value={row.descarta_si ?? ""}
                  onChange={(event) => update(row.key, { descarta_si: (event.currentTarget.value || null) as YesNo | null })}
                  error={firstError(errors, field(index, "descarta_si"))}
                />
              ) : (
                <div />
              )}
              <Checkbox
                name={field(index, "obligatoria")}
                label="Obligatoria"
                mt={{ sm: 28 }}
                checked={row.obligatoria || row.descarta_si !== null}
                disabled={row.descarta_si !== null}
                onChange={(event) => update(row.key, { obligatoria: event.currentTarget.checked })}
              />
            </SimpleGrid>
            {row.descarta_si !== null ? <input type="hidden" name={field(index, "obligatoria")} value="on" /> : null}
            <Group justify="flex-end">
              <Button
                variant="subtle"
                color="red"
                size="xs"
                onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
              >
                Quitar la pregunta {index + 1}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      <Group>
        <Button variant="default" onClick={add} disabled={rows.length >= SCREENING_LIMITS.maxQuestions}>
          Añadir pregunta
        </Button>
      </Group>
    </Stack>
  );
}
