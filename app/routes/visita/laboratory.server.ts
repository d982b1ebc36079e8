import type { PageLoadContext } from "#server/context";
import { getLaboratoryPage, listLaboratoryDirectory } from "#server/visita";
import { viewerOfPage } from "./catalogue.server";

/** `?pagina=` as a number; anything else is the first page (the service clamps it). */
const pageParam = (url: URL) => Number(url.searchParams.get("pagina") ?? 1) || 1;

/** laboratorios: the directory, filtered by name. */
export async function loadLaboratoryDirectory(context: PageLoadContext, url: URL) {
  return listLaboratoryDirectory(context.app, { q: url.searchParams.get("q") ?? "", pagina: pageParam(url) });
}

/** laboratorio/{slug}: the laboratory and a page of its medicines, as the viewer may see them. */
export async function loadLaboratory(context: PageLoadContext, request: Request, url: URL, slug: string) {
  const viewer = await viewerOfPage(context, request);
  return getLaboratoryPage(context.app, viewer, slug, { pagina: pageParam(url) });
}
