import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, validationError } from "./errors";
import { formAction, formMutation, typedValues, unknownIntent } from "./page-form";

/** data() results are DataWithResponseInit: what React Router renders with that status. */
const initOf = (value: unknown) => (value as { init: ResponseInit | null }).init;
const dataOf = (value: unknown) => (value as { data: unknown }).data;

const post = (fields: Record<string, string | Blob>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Request("http://localhost/app/x", { method: "POST", body: form });
};

const nameSchema = z.object({ nombre: z.string().trim().min(2, "Escribe tu nombre.") });

describe("formAction", () => {
  it("runs the mutation with the parsed fields and passes its result through", async () => {
    const result = await formAction(post({ nombre: "  Ana " }), nameSchema, (fields) => ({ ok: true as const, nombre: fields.nombre }));
    expect(result).toEqual({ ok: true, nombre: "Ana" });
  });

  it("returns the field errors with what was typed, without passwords or files, as a 422", async () => {
    const run = () => {
      throw new Error("not reached");
    };
    const request = post({ nombre: "A", password: "secreto-123", new_password: "x", cv: new Blob(["pdf"]), email: "a@b.es" });
    const result = await formAction(request, nameSchema, run);
    expect(initOf(result)?.status).toBe(422);
    expect(dataOf(result)).toEqual({
      ok: false,
      intent: null,
      key: null,
      message: "Revisa los campos marcados.",
      errors: { nombre: ["Escribe tu nombre."] },
      values: { nombre: "A", email: "a@b.es" },
      code: "VALIDATION",
    });
  });

  it("parses a union of intents and runs the branch sent", async () => {
    const schema = z.discriminatedUnion("intent", [
      z.object({ intent: z.literal("archivar"), id: z.coerce.number() }),
      z.object({ intent: z.literal("renombrar"), id: z.coerce.number(), nombre: z.string().min(1, "Obligatorio.") }),
    ]);
    const run = (fields: z.output<typeof schema>) => ({ ok: true as const, done: fields.intent, id: fields.id });
    expect(await formAction(post({ intent: "archivar", id: "7" }), schema, run)).toEqual({ ok: true, done: "archivar", id: 7 });

    const invalid = await formAction(post({ intent: "renombrar", id: "7", nombre: "" }), schema, run);
    expect(initOf(invalid)?.status).toBe(422);
    expect(dataOf(invalid)).toMatchObject({ intent: "renombrar", errors: { nombre: ["Obligatorio."] }, values: { nombre: "" } });

    const unknown = await formAction(post({ intent: "borrar", id: "7" }), schema, run);
    expect(initOf(unknown)?.status).toBe(400);
    expect(dataOf(unknown)).toMatchObject({ ok: false, intent: "borrar", message: "Acción desconocida.", errors: {} });
  });
});

describe("formMutation", () => {
  it("shows a service's 4xx with its message and field errors, with its status", async () => {
    const conflict = await formMutation(post({ nombre: "Ana" }), () => {
      throw new AppError("CONFLICT", "Ya existe una oferta con ese título.");
    });
    expect(initOf(conflict)?.status).toBe(409);
    expect(dataOf(conflict)).toMatchObject({
      ok: false,
      message: "Ya existe una oferta con ese título.",
      errors: {},
      values: { nombre: "Ana" },
    });

    const invalid = await formMutation(post({ cv: "" }), () => {
      throw validationError({ cv: ["Adjunta tu CV."] }, "Revisa los campos marcados.");
    });
    expect(initOf(invalid)?.status).toBe(422);
    expect(dataOf(invalid)).toMatchObject({ errors: { cv: ["Adjunta tu CV."] } });

    const throttled = await formMutation(post({}), () => {
      throw new AppError("THROTTLED", undefined, { retryAfter: 30 });
    });
    expect(initOf(throttled)?.status).toBe(429);
    expect(new Headers(initOf(throttled)?.headers).get("Retry-After")).toBe("30");
  });

  it.each([
    ["401", new AppError("UNAUTHENTICATED")],
    ["403", new AppError("FORBIDDEN")],
    ["404", new AppError("NOT_FOUND")],
    ["410", new AppError("GONE")],
    ["500", new AppError("INTERNAL")],
    ["503", new AppError("UNAVAILABLE")],
    ["a bug", new TypeError("x is undefined")],
  ])("rethrows %s for withPageErrors to map", async (_, error) => {
    await expect(
      formMutation(post({}), () => {
        throw error;
      }),
    ).rejects.toBe(error);
  });

  it("shows 403/404/410 in place only where the form says so", async () => {
    const gone = await formMutation(
      post({}),
      () => {
        throw new AppError("GONE", "El enlace ha caducado.");
      },
      { inline: [404, 410] },
    );
    expect(initOf(gone)?.status).toBe(410);
    expect(dataOf(gone)).toMatchObject({ message: "El enlace ha caducado." });
    await expect(
      formMutation(
        post({}),
        () => {
          throw new AppError("FORBIDDEN");
        },
        { inline: [410] },
      ),
    ).rejects.toBeInstanceOf(AppError);
  });

  it("lets a thrown redirect through and answers an unknown intent with 400", async () => {
    const redirect = new Response(null, { status: 303, headers: { Location: "/app" } });
    await expect(
      formMutation(post({}), () => {
        throw redirect;
      }),
    ).rejects.toBe(redirect);
    const unknown = await formMutation(post({ intent: "x" }), () => unknownIntent());
    expect(initOf(unknown)?.status).toBe(400);
  });

  it("sends back the values the page builds when it gives them", async () => {
    const result = await formMutation(
      post({ titulo: "Oferta" }),
      () => {
        throw validationError({ titulo: ["Demasiado corto."] });
      },
      { values: (form) => ({ titulo: String(form.get("titulo")), vacantes: 1 }), key: 12 },
    );
    expect(dataOf(result)).toMatchObject({ key: 12, values: { titulo: "Oferta", vacantes: 1 } });
  });
});

describe("typedValues", () => {
  it("keeps the first value of each text field and drops secrets and files", () => {
    const form = new FormData();
    form.append("tag", "a");
    form.append("tag", "b");
    form.append("current_password", "x");
    form.append("contraseña", "y");
    form.append("token", "z");
    form.append("imagen", new Blob(["x"]));
    expect(typedValues(form)).toEqual({ tag: "a" });
  });
});

describe("pages", () => {
  it("never inspect an AppError themselves: the form module and withPageErrors do (decision 0060)", () => {
    const files = fs.readdirSync(path.resolve("app/routes"), { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file));
    const offenders = files.filter((file) =>
      /instanceof AppError|isAppError\(|AppError && /.test(fs.readFileSync(path.resolve("app/routes", file), "utf8")),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });

  // Decision 0060: a page form reads its failure with useFormFailure() (errors, typed values, first
  // invalid field focused). Decision 0132: two kinds of file are on the helper by rule instead — a
  // component whose props take the helper's FormFailureView from pages that are on the helper, and a
  // file whose POST forms have nothing typed. Any other file is listed here with its reason; the
  // list may only shrink (an entry that now meets the rule, or has no POST form, fails).
  const NOT_YET_ON_THE_HELPER = new Map<string, string>([]);

  it("recognise a form with nothing typed, and only that, as needing no failure helper (decision 0132)", () => {
    const buttons = `<Form method="post" replace>
        <input type="hidden" name="intent" value="borrar" />
        <Group><Button type="submit" onClick={() => setOpen(false)}>Borrar</Button></Group>
      </Form>
      <form method="post" action="/x"><label><input type="checkbox" name="analiticas" /> Sí</label><Button type="submit">Guardar</Button></form>`;
    expect(nothingTyped(buttons)).toBe(true);
    expect(nothingTyped(`<Form method="post"><TextInput name="nombre" /><Button type="submit">Guardar</Button></Form>`)).toBe(false);
    expect(nothingTyped(`<fetcher.Form method="post"><input name="nombre" /></fetcher.Form>`)).toBe(false);
    expect(nothingTyped(`<Form method="post"><CompanyFields /></Form>`)).toBe(false);
    // Fields outside the element but tied to it by form="…" are the form's too.
    expect(nothingTyped(`<fetcher.Form method="post" id="f" /><TextInput form="f" name="nombre" />`)).toBe(false);
    // A submit from script sends what the code built: nothing typed unless the file has a text field.
    expect(nothingTyped(`<Switch onChange={() => fetcher.submit({ on: "1" }, { method: "post" })} />`)).toBe(true);
    expect(nothingTyped(`<Textarea value={text} /><Button onClick={() => submit({ text }, { method: "post" })} />`)).toBe(false);
  });

  it("recognise a component on the helper by its props only when every page rendering it is (decision 0132)", () => {
    const component = `import type { FormFailureView } from "#app/lib/form";\nexport function F({ failure }: { failure: FormFailureView }) {}\n<Form method="post"><TextInput name="nombre" /></Form>`;
    expect(failureByProps(component)).toBe(true);
    expect(failureByProps(`export function F({ errors }: { errors?: Record<string, string[]> }) {}`)).toBe(false);
    const onHelper = onTheHelper(
      new Map([
        ["app/features/x/f.tsx", component],
        ["app/routes/x/page.tsx", `import { F } from "#app/features/x/f";\nconst form = useFormFailure(actionData);`],
        ["app/routes/x/other.tsx", `const F = lazy(() => import("#app/features/x/f"));`],
      ]),
    );
    expect(onHelper("app/routes/x/page.tsx")).toBe(true);
    // other.tsx renders the component without reading the failure: the component is not on the helper.
    expect(onHelper("app/features/x/f.tsx")).toBe(false);
  });

  it("read a form's failure with useFormFailure(), but for the listed files not yet folded in (decisions 0060, 0132)", () => {
    const files = fs
      .readdirSync(path.resolve("app"), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx$/.test(file) && !/\.test\.tsx$/.test(file))
      .map((file) => `app/${file.replaceAll(path.sep, "/")}`);
    const sources = new Map(files.map((file) => [file, fs.readFileSync(path.resolve(file), "utf8")]));
    const postForms = files.filter((file) => POST.test(sources.get(file) ?? ""));
    const onHelper = onTheHelper(sources);
    const offHelper = postForms.filter((file) => !onHelper(file));
    expect(postForms.length).toBeGreaterThan(50);
    expect(offHelper.filter((file) => !NOT_YET_ON_THE_HELPER.has(file))).toEqual([]);
    expect([...NOT_YET_ON_THE_HELPER.keys()].filter((file) => !offHelper.includes(file))).toEqual([]);
  });
});

const POST = /method="post"|method: "post"/;
/** Tags a form may hold and still have nothing typed: layout, text, buttons, hidden inputs and choices. */
const NOT_TYPED =
  /^(input|label|button|Button|PlainButton|PlainLoadingButton|ActionIcon|CloseButton|Group|Stack|Flex|Box|div|span|p|strong|em|small|time|Text|Title|Tooltip|VisuallyHidden|Anchor|Link|Badge|Icon\w*|Loader|Alert|PlainAlert|Switch|Checkbox)$/;
const TYPED_INPUT = /^<input\b(?![^>]*type="(hidden|checkbox|radio)")/;
/** A text field anywhere in a file (for submits from script and fields tied by form="…"). */
const TEXT_FIELD =
  /<(TextInput|Textarea|NumberInput|PasswordInput|TagsInput|Autocomplete|\w*DateInput|Select|NativeSelect|FileInput|FilePicker|textarea|select)\b|<input\b(?![^>]*type="(hidden|checkbox|radio)")/;

/** Each POST form element of a file: its opening tag and what it encloses. */
function postFormsOf(source: string) {
  const forms: { open: string; body: string }[] = [];
  for (const match of source.matchAll(/<(form|Form|[a-z]\w*\.Form)\b/g)) {
    let end = match.index + match[0].length;
    // The opening tag ends at the first ">" outside braces (an arrow function's "=>" is inside them).
    for (let depth = 0; end < source.length && !(source[end] === ">" && depth === 0); end++) {
      if (source[end] === "{") depth++;
      if (source[end] === "}") depth--;
    }
    const open = source.slice(match.index, end + 1);
    if (!/method="post"/.test(open)) continue;
    const close = open.endsWith("/>") ? end : source.indexOf(`</${match[1]}>`, end);
    forms.push({ open, body: close < 0 ? "" : source.slice(end + 1, close) });
  }
  return forms;
}

/**
 * A file whose POST forms hold nothing typed (only hidden inputs, choices, buttons and layout): there
 * is no field to mark nor text to give back, so a refusal is the error page, a dialog or a notice.
 * A form with fields tied to it by form="…", or a submit from script in a file with a text field,
 * has something typed.
 */
function nothingTyped(source: string) {
  const typedInForm = postFormsOf(source).some(
    ({ open, body }) =>
      [...body.matchAll(/<([A-Za-z][\w.]*)[^>]*/g)].some(([tag, name]) => !NOT_TYPED.test(name ?? "") || TYPED_INPUT.test(tag)) ||
      (/\bid=/.test(open) && / form=/.test(source)),
  );
  const scriptWithText = /method: "post"/.test(source) && TEXT_FIELD.test(source);
  return !typedInForm && !scriptWithText;
}

/** A component whose props take the failure the page read with the helper (FormFailureView). */
function failureByProps(source: string) {
  return /import type \{[^}]*\bFormFailureView\b[^}]*\} from "#app\/lib\/form"/.test(source) && /:\s*FormFailureView\b/.test(source);
}

/**
 * Whether a file is on the helper: it calls useFormFailure(), its forms have nothing typed, or its
 * props take the helper's failure and every file that imports it is on the helper.
 */
function onTheHelper(sources: Map<string, string>) {
  const importersOf = (file: string) => {
    const specifier = `#${file.replace(/\.tsx$/, "")}`;
    const sibling = `./${path.posix.basename(file, ".tsx")}`;
    const dir = path.posix.dirname(file);
    return [...sources.entries()]
      .filter(
        ([other, source]) =>
          other !== file && (source.includes(`"${specifier}"`) || (path.posix.dirname(other) === dir && source.includes(`"${sibling}"`))),
      )
      .map(([other]) => other);
  };
  const readsFailure = (file: string, seen: Set<string>): boolean => {
    const source = sources.get(file) ?? "";
    if (source.includes("useFormFailure(")) return true;
    if (!failureByProps(source) || seen.has(file)) return false;
    const importers = importersOf(file);
    return importers.length > 0 && importers.every((importer) => readsFailure(importer, new Set([...seen, file])));
  };
  return (file: string) => nothingTyped(sources.get(file) ?? "") || readsFailure(file, new Set());
}
