import { Stack, Text } from "@mantine/core";
import { PlainTextInput } from "#app/ui/plain-mantine";
import { PlainRadioGroup } from "#app/ui/plain-radio";
import {
  answerField,
  answerText,
  QUESTIONS_VERSION_FIELD,
  questionsVersion,
  SCREENING_LIMITS,
  type ScreeningAnswer,
  type ScreeningQuestion,
  YES_NO,
  YES_NO_LABELS,
} from "#common/jobs/screening";
import { type FormErrors, firstError } from "./types";

/** Yes / no, as the radios' options. */
const YES_NO_OPTIONS = YES_NO.map((value) => ({ value, label: YES_NO_LABELS[value] }));

/**
 * The offer's screening questions inside the apply forms (full and one click). Native radios and
 * inputs, so the answers post without JavaScript too; the server checks them (required, length).
 * Mantine's markup without its Radio and TextInput (`#app/ui/plain-mantine`): the offer page shows
 * them in its first load, and Mantine's inputs weigh about 9 KB gzip there (decision 0050).
 */
export function ScreeningAnswers({
  preguntas,
  errors,
  values = [],
}: {
  preguntas: ScreeningQuestion[];
  errors?: FormErrors;
  values?: readonly (string | undefined)[];
}) {
  if (!preguntas.length) return null;
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600}>
        Preguntas de la empresa
      </Text>
      <input type="hidden" name={QUESTIONS_VERSION_FIELD} value={questionsVersion(preguntas)} />
      {preguntas.map((pregunta, index) => {
        const name = answerField(index);
        const error = firstError(errors, name);
        const required = pregunta.obligatoria || pregunta.descarta_si !== null;
        return pregunta.tipo === "si_no" ? (
          <PlainRadioGroup
            key={name}
            name={name}
            label={pregunta.texto}
            options={YES_NO_OPTIONS}
            required={required}
            error={error}
            defaultValue={values[index]}
          />
        ) : (
          <PlainTextInput
            key={name}
            name={name}
            label={pregunta.texto}
            required={required}
            maxLength={SCREENING_LIMITS.respuestaMax}
            defaultValue={values[index]}
            error={error}
          />
        );
      })}
    </Stack>
  );
}

/** The answers of an application, each under the question as it was asked (employer and candidate alike). */
export function AnswerList({ respuestas, title = "Respuestas a las preguntas" }: { respuestas: ScreeningAnswer[]; title?: string }) {
  if (!respuestas.length) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Stack gap={6} component="dl" style={{ margin: 0 }}>
        {respuestas.map((answer, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: answers are a fixed list, in the order of the questions.
          <div key={index}>
            <Text size="sm" c="gray.7" component="dt">
              {answer.pregunta}
            </Text>
            <Text size="sm" component="dd" m={0} style={{ whiteSpace: "pre-line" }}>
              {answerText(answer)}
            </Text>
          </div>
        ))}
      </Stack>
    </Stack>
  );
}
