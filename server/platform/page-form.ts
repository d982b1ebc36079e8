import { data } from "react-router";
import type { z } from "zod";
import { fieldErrorsOf } from "#common/validation";
import { type FieldErrors, isAppError, validationError } from "./errors";

/**
 * One way to write a page mutation (decision 0060). An action reads its form, parses it against a zod
 * schema (or a discriminated union of intents keyed by `intent`), runs the service, and returns what
 * the page needs. What the user can fix comes back as ONE shape, FormFailure, with the status of the
 * error: the per-field errors, the overall message and what was typed, so a plain <Form method="post">
 * re-renders with it before hydration as after. Everything else — the login redirect (401), the 403
 * and 404 pages, a 5xx, a bug — is rethrown for withPageErrors (page-errors.ts) to map. This is the
 * only place where page code looks at an AppError.
 */

/** What the user typed, by field name (the first value of a repeated field). */
export type FormValues = Record<string, string>;

/** The one failure shape every page form receives (useFormFailure() in app/lib/form.ts reads it). */
export type FormFailure<V = FormValues> = {
  ok: false;
  /** The form's `intent` field, so a page with several forms shows the failure on the one sent. */
  intent: string | null;
  /** Which of a page's many forms of one intent failed (a row's id, a form's id): FormOptions.key. */
  key: string | number | null;
  message: string;
  errors: FieldErrors;
  values: V;
  /** The error's code as the API's error body says it (VALIDATION, THROTTLED, EMAIL_NOT_VERIFIED…). */
  code?: string;
  /** The extra fields the API's error body carries (user_id to resend a confirmation e-mail). */
  details?: Record<string, unknown>;
};

/**
 * A status a form may show in place instead of the error page: a spent or expired link's own form,
 * or the sign-in form's refused credentials (401).
 */
export type InlineStatus = 401 | 403 | 404 | 410;

export type FormOptions<V = FormValues> = {
  /** The values sent back to the form; default: every text field of the form but secrets. */
  values?: (form: FormData) => V;
  /** 403/404/410 shown in the form instead of the error page (default: none). */
  inline?: readonly InlineStatus[];
  /** Names the form that was sent when a page has one per row (its id), for the page to show the failure there. */
  key?: string | number;
  /** Headers of the failure response (a private page's Cache-Control). */
  headers?: Record<string, string>;
  /**
   * Set-Cookie lines a failure answers with, by its status and code (a refused sign-in ends the
   * browser's session and clears its cookies).
   */
  failureCookies?: (status: number, code: string | undefined) => Promise<string[]>;
};

/**
 * Every refusal said in the form, 403/404/410 included: for the forms whose page did so before
 * decision 0060 (a row gone meanwhile, an offer of one's own company), so that no page changed.
 */
export const EVERY_REFUSAL: readonly InlineStatus[] = [403, 404, 410];

export const CHECK_FIELDS = "Revisa los campos marcados.";
const UNKNOWN_INTENT = "Acción desconocida.";
/** Fields never echoed back into the page (a password is retyped; a token is not the user's text). */
const SECRET = /pass|contrase|secret|token|csrf/i;
/** Statuses that are not the form's to show: withPageErrors renders them (login, 403 page, 404 page). */
const PAGE_STATUSES = new Set([401, 403, 404, 410]);

/** The text fields of a form, without files and secrets: what a failed form is refilled with. */
export function typedValues(form: FormData): FormValues {
  const values: FormValues = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !SECRET.test(name) && !(name in values)) values[name] = value;
  }
  return values;
}

/** The form as the object a schema parses: a repeated field becomes an array, files stay files. */
export function formObject(form: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const object: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const [name, value] of form) {
    const before = object[name];
    object[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return object;
}

/**
 * Parses input against a schema, or throws the validation error the form shows (422 with the fields
 * marked; an `intent` no branch of a union knows is "Acción desconocida.", 400).
 */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown, message = CHECK_FIELDS): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = fieldErrorsOf(parsed.error);
  if (errors.intent && parsed.error.issues.every((issue) => issue.path[0] === "intent")) throw new UnknownIntent(UNKNOWN_INTENT);
  throw validationError(errors, message);
}

class UnknownIntent extends Error {}

/** Throws the 400 a form answers to an intent it does not know (a hand-made post). */
export function unknownIntent(): never {
  throw new UnknownIntent(UNKNOWN_INTENT);
}

/**
 * Runs a form's mutation. Its result (or a thrown redirect) passes through; a validation error or a
 * 4xx the user can act on becomes data(FormFailure, { status }); anything else is rethrown.
 */
export async function formMutation<R, V = FormValues>(
  input: Request | FormData,
  run: (form: FormData) => R | Promise<R>,
  options: FormOptions<V> = {},
) {
  const form = input instanceof Request ? await input.formData() : input;
  try {
    return await run(form);
  } catch (error) {
    const failure = formFailureOf(error, form, options);
    const cookies = options.failureCookies ? await options.failureCookies(failure.init?.status ?? 400, failure.data.code) : [];
    if (cookies.length === 0) return failure;
    const headers = new Headers(failure.init?.headers);
    for (const line of cookies) headers.append("Set-Cookie", line);
    return data(failure.data, { ...failure.init, headers });
  }
}

/** formMutation() after parsing the form against a schema (a union of intents included). */
export function formAction<S extends z.ZodType, R, V = FormValues>(
  input: Request | FormData,
  schema: S,
  run: (fields: z.output<S>, form: FormData) => R | Promise<R>,
  options: FormOptions<V> = {},
) {
  return formMutation(input, (form) => run(parseFields(schema, formObject(form)), form), options);
}

/** The failure response for what a mutation threw, or the error rethrown for withPageErrors. */
export function formFailureOf<V = FormValues>(error: unknown, form: FormData, options: FormOptions<V> = {}) {
  const intent = form.get("intent");
  const values = (options.values ? options.values(form) : typedValues(form)) as V;
  const failure = (
    status: number,
    message: string,
    errors: FieldErrors = {},
    headers: Record<string, string> = { ...options.headers },
    specific: Pick<FormFailure, "code" | "details"> = {},
  ) =>
    data<FormFailure<V>>(
      { ok: false, intent: typeof intent === "string" ? intent : null, key: options.key ?? null, message, errors, values, ...specific },
      { status, headers },
    );
  if (error instanceof UnknownIntent) return failure(400, UNKNOWN_INTENT);
  if (!isAppError(error) || error.status < 400 || error.status >= 500) throw error;
  const inline = (options.inline ?? []) as readonly number[];
  if (PAGE_STATUSES.has(error.status) && !inline.includes(error.status)) throw error;
  const retry = error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined;
  const specific = { code: error.reason ?? error.code, ...(error.details ? { details: error.details } : {}) };
  return failure(error.status, error.message, error.fieldErrors ?? {}, { ...options.headers, ...retry }, specific);
}
