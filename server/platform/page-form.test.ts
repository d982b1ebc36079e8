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
  // invalid field focused). Files with a POST form that do not are listed here until they are folded
  // in; the list may only shrink (an entry that now uses the helper, or has no POST form, fails).
  const NOT_YET_ON_THE_HELPER = new Set([
    // The failure is read by the page that renders the component and passed in as props.
    "app/features/accounts/add-candidate-form.tsx",
    "app/features/jobs/apply-form.tsx",
    "app/features/jobs/company-logo-form.tsx",
    "app/features/jobs/company-profile-form.tsx",
    "app/features/jobs/offer-form.tsx",
    "app/features/jobs/profile-form.tsx",
    "app/features/jobs/saved-cvs.tsx",
    "app/features/visita/promotion-form.tsx",
    "app/features/visita/proposal-form.tsx",
    // Buttons or choices without a typed field (a refusal goes to withPageErrors, a dialog or a
    // notice); not yet checked one by one.
    "app/features/chat/conversation-header.tsx",
    "app/features/chat/conversation-pane.tsx",
    "app/features/chat/settings-dialog.tsx",
    "app/features/legal/cookie-choice-form.tsx",
    "app/features/visita/professional-declaration.tsx",
    "app/features/visita/professional-gate.tsx",
    "app/features/visita/representative-dashboard.tsx",
    "app/features/visita/verification-requests.tsx",
    "app/routes/accounts/auth/logout.tsx",
    "app/routes/accounts/register/jobs-terms.tsx",
    "app/routes/jobs/listing.tsx",
    "app/routes/jobs/saved.tsx",
    "app/routes/notifications/notifications.tsx",
    "app/ui/consent/consent-banner.tsx",
    "app/ui/layout/account-menu.tsx",
    "app/ui/unsubscribe-card.tsx",
    // Fetcher forms reading fetcher.data or pages reading actionData by hand: still to fold in.
    "app/features/accounts/company-join-requests.tsx",
    "app/routes/accounts/register/verification.tsx",
    "app/routes/admin/areas.tsx",
    "app/routes/admin/professionals.tsx",
    "app/routes/admin/reports.tsx",
    "app/routes/admin/user.tsx",
    "app/routes/jobs/applications.tsx",
    "app/routes/jobs/offer.tsx",
    "app/routes/jobs/panel/candidates.tsx",
    "app/routes/jobs/panel/panel.tsx",
    "app/routes/visita/edit-promotion.tsx",
    "app/routes/visita/product-edit-preview.tsx",
  ]);

  it("read a form's failure with useFormFailure(), but for the listed files not yet folded in (decision 0060)", () => {
    const files = fs
      .readdirSync(path.resolve("app"), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx$/.test(file) && !/\.test\.tsx$/.test(file))
      .map((file) => `app/${file.replaceAll(path.sep, "/")}`);
    const postForms = files.filter((file) => /method="post"|method: "post"/.test(fs.readFileSync(path.resolve(file), "utf8")));
    const offHelper = postForms.filter((file) => !fs.readFileSync(path.resolve(file), "utf8").includes("useFormFailure"));
    expect(postForms.length).toBeGreaterThan(50);
    expect(offHelper.filter((file) => !NOT_YET_ON_THE_HELPER.has(file))).toEqual([]);
    expect([...NOT_YET_ON_THE_HELPER].filter((file) => !offHelper.includes(file))).toEqual([]);
  });
});
