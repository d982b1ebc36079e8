// The news area (noticias and tribunas): what pages' loaders, other areas and the API use.
export { getNewsAuthorPage } from "./authors.service";
export {
  getNoticiaForEdit,
  listNewsAuthors,
  listNoticiasForEditors,
  saveNoticia,
  unpublishNoticia,
} from "./editor.service";
export { listNewsSitemapEntries, rssPath } from "./feeds";
export { mountNewsFeeds, NEWS_AREA_RSS_PATH, NEWS_RSS_PATH, NEWS_SITEMAP_PATH } from "./http";
export {
  getNewsletterPreference,
  setNewsletterPreference,
  subscribeToNewsletter,
  unsubscribeNewsletter,
} from "./newsletter.service";
export {
  deleteAuthor,
  deleteTaxon,
  listAuthorsForEditors,
  listTaxa,
  saveAuthor,
  saveTaxon,
  type TaxonKind,
} from "./newsroom.service";
export { editNews } from "./policy";
export { newsPrivacy } from "./privacy";
export { getNewsHome, getNoticia, listNews, listRelatedNews, searchNews } from "./reading.service";
export { startNewsScheduler, stopNewsScheduler } from "./scheduler";
export { seedNewsDemo } from "./seed";
export { loadTaxonomy } from "./taxonomy";
export {
  getTribunaForEdit,
  listTribunasForEditors,
  saveTribuna,
  unpublishTribuna,
} from "./tribuna-editor.service";
export { getTribuna, listTribunas } from "./tribunas.service";
export type * from "./types";
