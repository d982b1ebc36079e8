import { parseId } from "#common/ids";
import { requireTaskPage } from "#server/admin";
import type { PageLoadContext } from "#server/context";
import { deleteAuthor, deleteTaxon, listAuthorsForEditors, listTaxa, saveAuthor, saveTaxon, type TaxonKind } from "#server/news";
import { EVERY_REFUSAL, type FormFailure, formMutation } from "#server/platform/page-form";

export type NewsroomResult = { ok: true; message: string; key: string } | FormFailure;

const idOf = (value: FormDataEntryValue | null): number | null => (typeof value === "string" ? parseId(value) : null);

/** Runs one save or delete; a refusal comes back with its message for the form that sent it (its key). */
function run(form: FormData, key: string, work: () => Promise<string>) {
  return formMutation(form, async () => ({ ok: true as const, message: await work(), key }), { key, inline: EVERY_REFUSAL });
}

export async function loadAreas(context: PageLoadContext, request: Request) {
  const user = requireTaskPage(context, request, "content");
  const [areas, categorias] = await Promise.all([listTaxa(context.app, user, "area"), listTaxa(context.app, user, "categoria")]);
  return { areas, categorias };
}

export async function areasAction(context: PageLoadContext, request: Request) {
  const user = requireTaskPage(context, request, "content");
  const form = await request.formData();
  const kind: TaxonKind = form.get("kind") === "categoria" ? "categoria" : "area";
  const id = idOf(form.get("id"));
  const formId = `${kind}-${id ?? "nueva"}`;
  const noun = kind === "area" ? "Área" : "Categoría";
  if (form.get("intent") === "delete" && id !== null) {
    return run(form, formId, async () => {
      await deleteTaxon(context.app, user, kind, id);
      return `${noun} borrada.`;
    });
  }
  return run(form, formId, async () => {
    await saveTaxon(context.app, user, kind, id, {
      nombre: String(form.get("nombre") ?? ""),
      descripcion: String(form.get("descripcion") ?? ""),
      orden: String(form.get("orden") ?? "0") || "0",
    });
    return `${noun} guardada.`;
  });
}

export async function loadAutores(context: PageLoadContext, request: Request) {
  const user = requireTaskPage(context, request, "content");
  const autores = await listAuthorsForEditors(context.app, user);
  return { autores: autores.map((a) => ({ ...a, foto: a.foto ? `/media/${a.foto}` : null })) };
}

export async function autoresAction(context: PageLoadContext, request: Request) {
  const user = requireTaskPage(context, request, "content");
  const form = await request.formData();
  const id = idOf(form.get("id"));
  const formId = `autor-${id ?? "nuevo"}`;
  if (form.get("intent") === "delete" && id !== null) {
    return run(form, formId, async () => {
      await deleteAuthor(context.app, user, id);
      return "Autor borrado.";
    });
  }
  const foto = form.get("foto");
  return run(form, formId, async () => {
    await saveAuthor(
      context.app,
      user,
      id,
      {
        nombre: String(form.get("nombre") ?? ""),
        cargo: String(form.get("cargo") ?? ""),
        empresa: String(form.get("empresa") ?? ""),
        bio: String(form.get("bio") ?? ""),
      },
      foto instanceof Blob && foto.size > 0 ? foto : null,
    );
    return "Autor guardado.";
  });
}
