/**
 * Screening questions (preguntas de filtrado): what the employer asks on an offer and how a
 * candidate's answers are checked. No zod here, so the offer page does not load the validation
 * library; the offer form's schema is in ./index.ts. Decision 0042.
 */

export const QUESTION_KINDS = ["si_no", "texto"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = { si_no: "Sí / No", texto: "Respuesta corta" };

export const YES_NO = ["si", "no"] as const;
export type YesNo = (typeof YES_NO)[number];
export const YES_NO_LABELS: Record<YesNo, string> = { si: "Sí", no: "No" };

export const SCREENING_LIMITS = { maxQuestions: 10, preguntaMax: 200, respuestaMax: 500 } as const;

/** A question as the offer stores it (and the API shows it). */
export type ScreeningQuestion = {
  texto: string;
  tipo: QuestionKind;
  /** A knock-out question is always required. */
  obligatoria: boolean;
  /** Yes/no questions only: the answer that disqualifies ("knock-out"), or null. */
  descarta_si: YesNo | null;
};

/** An answer as the application stores it: with the question's text as it was when answered. */
export type ScreeningAnswer = { pregunta: string; tipo: QuestionKind; respuesta: string | null };

/** The form field that says which version of the questions the answers were written for. */
export const QUESTIONS_VERSION_FIELD = "preguntas_version";

/**
 * A short fingerprint of an offer's questions (FNV-1a over what they ask). Answers are matched to
 * questions by position, so an apply form posts the version it showed: if the employer changed the
 * questions meanwhile, the answers would land under other questions, and the server refuses them.
 */
export function questionsVersion(questions: readonly ScreeningQuestion[]): string {
  const canonical = JSON.stringify(questions.map((q) => [q.texto, q.tipo, q.obligatoria, q.descarta_si]));
  let hash = 0x811c9dc5;
  for (let i = 0; i < canonical.length; i++) {
    hash ^= canonical.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

const UNANSWERED = "Responde a esta pregunta.";

/** Marks a post from the one-click box (a failure is shown there again, not in the full form). */
export const ONE_CLICK_FIELD = "un_clic";

/**
 * The required questions left unanswered in a form about to be posted: the browser's check before
 * a one-click application, with the server's message, so nothing is sent half answered.
 */
export function unansweredQuestions(questions: readonly ScreeningQuestion[], get: (field: string) => unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  questions.forEach((question, index) => {
    const value = get(answerField(index));
    const answered = typeof value === "string" && value.trim() !== "";
    if (!answered && (question.obligatoria || question.descarta_si)) errors[answerField(index)] = [UNANSWERED];
  });
  return errors;
}

/** The form field of the answer to question `index` (0-based), in the page and the API alike. */
export const answerField = (index: number) => `respuesta_${index}`;

export const NO_CUMPLE_LABEL = "No cumple requisitos";

export const QUESTIONS_CHANGED =
  "La empresa ha cambiado las preguntas de esta oferta mientras respondías. Revisa tus respuestas y envía la candidatura de nuevo.";

/** What an answer reads like: "Sí", "No", the text, or "Sin respuesta". */
export function answerText(answer: Pick<ScreeningAnswer, "tipo" | "respuesta">): string {
  if (answer.respuesta === null || answer.respuesta === "") return "Sin respuesta";
  return answer.tipo === "si_no" ? (YES_NO_LABELS[answer.respuesta as YesNo] ?? answer.respuesta) : answer.respuesta;
}

/**
 * Checks the answers to an offer's questions (`raw[i]` answers `questions[i]`). Returns per-field
 * Spanish errors (keyed by answerField), or the answers to store and whether a knock-out answer
 * disqualified the candidate.
 */
export function checkAnswers(
  questions: readonly ScreeningQuestion[],
  raw: readonly (string | null | undefined)[],
): { errors: Record<string, string[]> } | { errors: null; respuestas: ScreeningAnswer[]; cumpleRequisitos: boolean } {
  const errors: Record<string, string[]> = {};
  const respuestas: ScreeningAnswer[] = [];
  let cumpleRequisitos = true;
  questions.forEach((question, index) => {
    const field = answerField(index);
    const value = (raw[index] ?? "").trim();
    if (!value) {
      if (question.obligatoria || question.descarta_si) errors[field] = [UNANSWERED];
      respuestas.push({ pregunta: question.texto, tipo: question.tipo, respuesta: null });
      return;
    }
    if (question.tipo === "si_no" && !(YES_NO as readonly string[]).includes(value)) {
      errors[field] = ["Responde «Sí» o «No»."];
    } else if (value.length > SCREENING_LIMITS.respuestaMax) {
      errors[field] = [`La respuesta no puede superar ${SCREENING_LIMITS.respuestaMax} caracteres.`];
    }
    if (question.descarta_si && value === question.descarta_si) cumpleRequisitos = false;
    respuestas.push({ pregunta: question.texto, tipo: question.tipo, respuesta: value });
  });
  if (Object.keys(errors).length) return { errors };
  return { errors: null, respuestas, cumpleRequisitos };
}

/**
 * The offer form posts flat fields ("preguntas.0.texto", a checkbox "on"): this folds them into the
 * `preguntas` array the schema (and the JSON API) expects. Other fields pass through unchanged.
 */
export function foldQuestionFields(fields: Record<string, unknown>): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  const rows = new Map<number, Record<string, unknown>>();
  for (const [key, value] of Object.entries(fields)) {
    const match = /^preguntas\.(\d+)\.(texto|tipo|obligatoria|descarta_si)$/.exec(key);
    if (!match) {
      rest[key] = value;
      continue;
    }
    const index = Number(match[1]);
    const row = rows.get(index) ?? {};
    row[match[2] as string] = value;
    rows.set(index, row);
  }
  if (rows.size === 0) return { ...rest, preguntas: [] };
  const preguntas = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => ({
      texto: row.texto ?? "",
      tipo: row.tipo ?? "si_no",
      obligatoria: row.obligatoria === "on" || row.obligatoria === "true" || row.obligatoria === true,
      descarta_si: row.descarta_si === "si" || row.descarta_si === "no" ? row.descarta_si : null,
    }));
  return { ...rest, preguntas };
}

/** The employer's applicant filter: who meets the knock-out questions and who does not. */
export const REQUIREMENTS_FILTERS = ["cumple", "no_cumple"] as const;
export type RequirementsFilter = (typeof REQUIREMENTS_FILTERS)[number];
export const REQUIREMENTS_FILTER_LABELS: Record<RequirementsFilter, string> = { cumple: "Cumplen requisitos", no_cumple: NO_CUMPLE_LABEL };

/** The answers a form posted (answerField(0) … answerField(9)), in question order; absent ones undefined. */
export function readAnswers(get: (field: string) => unknown): (string | undefined)[] {
  return Array.from({ length: SCREENING_LIMITS.maxQuestions }, (_, index) => {
    const value = get(answerField(index));
    return typeof value === "string" ? value : undefined;
  });
}
