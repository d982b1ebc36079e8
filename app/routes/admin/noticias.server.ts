import { data, redirect } from "react-router";
import { NEWS_STATUSES, type NewsStatus } from "#common/news/vocabulary";
import { linkTo } from "#common/route-names";
import { requireTaskPage } from "#server/admin";
import type { PageLoadContext } from "#server/context";
import {
  getNoticiaForEdit,
  listNewsAuthors,
  listNoticiasForEditors,
  loadTaxonomy,
  saveNoticia,
  toLocalDateTime,
  unpublishNoticia,
} from "#server/news";
import { AppError } from "#server/platform/errors";

export async function loadNoticiasTable(context: PageLoadContext, request: Request) {
  const user = requireTaskPage(context, request, "content");
  const url = new URL(request.url);
  const estado = url.searchParams.get("estado") ?? "";
  const before = Number(url.searchParams.get("antes"));
  const [page, taxonomy] = await Promise.all([
    listNoticiasForEditors(context.app, user, {
      q: url.searchParams.get("q") ?? undefined,
      status: (NEWS_STATUSES as readonly string[]).includes(estado) ? (estado as NewsStatus) : undefined,
      before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
    }),
    loadTaxonomy(context.app.db),
  ]);
  return {
    items: page.items.map((row) => ({
      ...row,
      area: taxonomy.areaById.get(row.areaId)?.nombre ?? "",
      publicadaEn: row.publicadaEn?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    })),
    nextBefore: page.nextBefore,
  };
}

function idParam(value: string | undefined): number | null {
  if (value === undefined) return null;
  const id = Number(value);
  if (!/^\d{1,10}$/.test(value) || !Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export async function loadNoticiaEditor(context: PageLoadContext, request: Request, params: { id?: string }) {
  const user = requireTaskPage(context, request, "content");
  const id = idParam(params.id);
  const [taxonomy, authors, row] = await Promise.all([
    loadTaxonomy(context.app.db),
    listNewsAuthors(context.app),
    id === null
      ? null
      : getNoticiaForEdit(context.app, user, id).catch((error) => {
          if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
          throw error;
        }),
  ]);
  return {
    areas: taxonomy.areas.map((a) => ({ value: String(a.id), label: a.nombre })),
    categories: taxonomy.categories.map((c) => ({ value: String(c.id), label: c.nombre })),
    authors: authors.map((a) => ({ value: String(a.id), label: a.nombre })),
    noticia: row
      ? {
          id: row.id,
          url: `/app/noticias/${row.id}-${row.slug}`,
          titulo: row.titulo,
          entradilla: row.entradilla,
          cuerpo_html: row.cuerpoHtml,
          area_id: String(row.areaId),
          category_id: String(row.categoryId),
          autor_id: row.autorId ? String(row.autorId) : "",
          etiquetas: row.etiquetas.join(", "),
          imagen_url: row.imagen ? `/media/${row.imagen}` : null,
          imagen_alt: row.imagenAlt ?? "",
          imagen_pie: row.imagenPie ?? "",
          destacada: row.destacada === 1,
          status: row.status,
          publicada_en: row.publicadaEn ? toLocalDateTime(row.publicadaEn) : "",
        }
      : null,
  };
}

export type EditorFailure = { ok: false; message: string; errors: Record<string, string[]>; values: Record<string, string> };

export async function noticiaEditorAction(context: PageLoadContext, request: Request, params: { id?: string }) {
  const user = requireTaskPage(context, request, "content");
  const id = idParam(params.id);
  const form = await request.formData();
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  try {
    if (values.intent === "unpublish" && id !== null) {
      await unpublishNoticia(context.app, user, id);
      return redirect(`${linkTo("admin-noticia", { id })}?guardada=borrador`);
    }
    const file = form.get("imagen");
    const saved = await saveNoticia(context.app, user, id, values, file instanceof Blob && file.size > 0 ? file : null);
    return redirect(`${linkTo("admin-noticia", { id: saved.id })}?guardada=${saved.status}`);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return data<EditorFailure>({ ok: false, message: error.message, errors: error.fieldErrors ?? {}, values }, { status: error.status });
    }
    throw error;
  }
}
