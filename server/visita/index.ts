// The visita area's service functions: pages' loaders/actions and the /api/visita routes call these.
export type * from "./api-schemas";
export { getLaboratoryDashboard, getRepresentativeDashboard } from "./dashboard.service";
export { getLaboratoryPage, listLaboratoryDirectory } from "./laboratories.service";
export { linkLaboratoryCompany, listLaboratoryTeams, unlinkLaboratoryCompany } from "./laboratory-teams.service";
export { approveRevision, getRevisionForReview, listRevisionQueue, type QueueFilters, rejectRevision } from "./moderation.service";
export { isMarketing, keepPortfolio } from "./policy";
export {
  addToPortfolio,
  findMyEntryForProduct,
  myZonas,
  productsInMyPortfolio,
  readPortfolioEntry,
  removePortfolioEntry,
  representativeViewer,
  updatePortfolioEntry,
} from "./portfolio.service";
export { proposalAsProductView } from "./preview";
export { pruneOldFigures, visitaPrivacy } from "./privacy";
export { findProduct, listRepresentatives, portfolioEntryUrl } from "./products.service";
export { answerVisitRequest, listMyVisitRequests } from "./professional-requests.service";
export { getPublicProfile, idOfHandle, setProfilePublic } from "./profile.service";
export { expireDuePromotions, startVisitaScheduler, stopVisitaScheduler } from "./promotion-expiry";
export {
  getPublicPromotion,
  listMyPromotions,
  listPromotionsByState,
  listPromotionsForModeration,
} from "./promotion-reads";
// Promotions (issue 14, promo).
export type * from "./promotion-schemas";
export { listActivePromotionsOfRepresentative, listLivePromotionsOfProduct } from "./promotion-views";
export {
  createPromotion,
  endPromotionNow,
  getEditablePromotion,
  marketingLaboratoriesOf,
  takeDownPromotion,
  todayIn,
  updatePromotion,
} from "./promotions.service";
export { cimaClientOf } from "./register/cima-client";
export { removeDemoCatalogue } from "./register/demo";
export { ImportError, importCatalogue } from "./register/import";
export { syncFromCima } from "./register/sync";
export { productAsProposal } from "./revision-data";
export {
  getRevision,
  listLaboratories,
  listMyRevisions,
  saveRevision,
  submitRevision,
} from "./revisions.service";
export { searchProducts } from "./search.service";
export { seedVisitaDemo } from "./seed";
export { seedFiguresDemo } from "./seed/figures";
export { seedPromotionsDemo } from "./seed/promotions";
export { productShareImageHandler, promotionShareImageHandler } from "./share-image";
export { listVisitaSitemapEntries } from "./sitemap";
export { getStatsDashboard, type StatsRow } from "./stats.service";
// The laboratory's view (issue 32).
export { flushCounts as flushVisitaFigures } from "./stats-buffer";
export { countChatStarted, visitaFiguresBeacon } from "./stats-events";
export { runWeeklySummaries } from "./stats-summary";
// Issue 14 (part 2): verified visits, public profiles and dashboards.
export type * from "./verification-api-schemas";
export { answerVerification, getPublicVerification } from "./verification-links.service";
export {
  cancelVerification,
  getMyVerification,
  listMyVerifications,
  requestVerification,
  resendVerification,
  resolveVerificationProduct,
} from "./verifications.service";
export { type CatalogueViewer, catalogueViewer, professionalCookieOf } from "./viewer";
