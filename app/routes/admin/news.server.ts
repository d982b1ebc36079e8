import { redirect } from "react-router";
import { idParam } from "#app/lib/page.server";
import { NEWS_STATUSES, type NewsStatus } from "#common/news/vocabulary";
import { linkTo } from "#common/route-names";
import { toLocalDateTime } from "#common/time-zone";
import { assertCan } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import {
  getNoticiaForEdit,
  getTribunaForEdit,
  listNewsAuthors,
  listNoticiasForEditors,
  listTribunasForEditors,
  loadTaxonomy,
  saveNoticia,
  saveTribuna,
  unpublishNoticia,
  unpublishTribuna,
} from "#server/news";
import { EVERY_REFUSAL, formMutation } from "#server/platform/page-form";

/** The newsroom's pages serve news items and tribunas alike; the address says which. */
export type ArticleKind = "noticia" | "tribuna";
const kindOf = (request: Request): ArticleKind => (new URL(request.url).pathname.includes("/admin/tribunas") ? "tribuna" : "noticia");
const editorRoute = (kind: ArticleKind) => (kind === "tribuna" ? "admin-tribuna" : "admin-noticia");

export async function loadNoticiasTable(context: PageLoadContext, request: Request) {
  const user = assertCan(context, request, "content");
  const kind = kindOf(request);
  const url = new URL(request.url);
  const estado = url.searchParams.get("estado") ?? "";
  const before = Number(url.searchParams.get("antes"));
  const query = {
    q: url.searchParams.get("q") ?? undefined,
    status: (NEWS_STATUSES as readonly string[]).includes(estado) ? (estado as NewsStatus) : undefined,
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
  };
  const [taxonomy, authors] = await Promise.all([loadTaxonomy(context.app.db), listNewsAuthors(context.app)]);
  const authorName = new Map(authors.map((a) => [a.id, a.nombre]));
  const page =
    kind === "tribuna" ? await listTribunasForEditors(context.app, user, query) : await listNoticiasForEditors(context.app, user, query);
  return {
    kind,
    items: page.items.map((row) => ({
      id: row.id,
      titulo: row.titulo,
      status: row.status,
      // News are filed by area; a column is known by its author.
      section:
        "areaId" in row
          ? (taxonomy.areaById.get(row.areaId)?.nombre ?? "")
          : "autorId" in row && row.autorId
            ? (authorName.get(row.autorId) ?? "")
            : "",
      publicadaEn: row.publicadaEn?.toISOString() ?? null,
    })),
    nextBefore: page.nextBefore,
  };
}

function idParamOrNew(value: string | undefined): number | null {
  return value === undefined ? null : idParam(value);
}

export async function loadNoticiaEditor(context: PageLoadContext, request: Request, params: { id?: string }) {
  const user = assertCan(context, request, "content");
  const kind = kindOf(request);
  const id = idParamOrNew(params.id);
  const [taxonomy, authors, noticia, tribuna] = await Promise.all([
    loadTaxonomy(context.app.db),
    listNewsAuthors(context.app),
    id !== null && kind === "noticia" ? getNoticiaForEdit(context.app, user, id) : null,
    id !== null && kind === "tribuna" ? getTribunaForEdit(context.app, user, id) : null,
  ]);
  const row = noticia ?? tribuna;
  return {
    kind,
    areas: taxonomy.areas.map((a) => ({ value: String(a.id), label: a.nombre })),
    categories: taxonomy.categories.map((c) => ({ value: String(c.id), label: c.nombre })),
    authors: authors.map((a) => ({ value: String(a.id), label: a.nombre })),
    noticia: row
      ? {
          id: row.id,
          url: kind === "tribuna" ? `/app/tribunas/${row.id}-${row.slug}` : `/app/noticias/${row.id}-${row.slug}`,
          titulo: row.titulo,
          entradilla: row.entradilla,
          cuerpo_html: row.cuerpoHtml,
          area_id: noticia ? String(noticia.areaId) : "",
          category_id: noticia ? String(noticia.categoryId) : "",
          autor_id: row.autorId ? String(row.autorId) : "",
          etiquetas: noticia ? noticia.etiquetas.join(", ") : "",
          imagen_url: row.imagen ? `/media/${row.imagen}` : null,
          imagen_alt: row.imagenAlt ?? "",
          imagen_pie: row.imagenPie ?? "",
          destacada: noticia?.destacada === 1,
          status: row.status,
          publicada_en: row.publicadaEn ? toLocalDateTime(row.publicadaEn) : "",
        }
      : null,
  };
}

export async function noticiaEditorAction(context: PageLoadContext, request: Request, params: { id?: string }) {
  const user = assertCan(context, request, "content");
  const kind = kindOf(request);
  const id = idParamOrNew(params.id);
  return formMutation(
    request,
    async (form) => {
      const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
      if (values.intent === "unpublish" && id !== null) {
        if (kind === "tribuna") await unpublishTribuna(context.app, user, id);
        else await unpublishNoticia(context.app, user, id);
        return redirect(`${linkTo(editorRoute(kind), { id })}?guardada=borrador`);
      }
      const file = form.get("imagen");
      const image = file instanceof Blob && file.size > 0 ? file : null;
      const saved =
        kind === "tribuna"
          ? await saveTribuna(context.app, user, id, values, image)
          : await saveNoticia(context.app, user, id, values, image);
      return redirect(`${linkTo(editorRoute(kind), { id: saved.id })}?guardada=${saved.status}`);
    },
    { inline: EVERY_REFUSAL },
  );
}
