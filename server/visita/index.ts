// The visita area's service functions: pages' loaders/actions and the /api/visita routes call these.
export type * from "./api-schemas";
export { approveRevision, getRevisionForReview, listRevisionQueue, type QueueFilters, rejectRevision } from "./moderation.service";
export {
  addToPortfolio,
  findMyEntryForProduct,
  getPublicPortfolioEntry,
  listMyPortfolio,
  myZonas,
  productsInMyPortfolio,
  removePortfolioEntry,
  representativeViewer,
  updatePortfolioEntry,
} from "./portfolio.service";
export { proposalAsProductView } from "./preview";
export { findProduct, listRepresentatives, portfolioEntryUrl } from "./products.service";
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
  marketingLaboratoryOf,
  takeDownPromotion,
  todayIn,
  updatePromotion,
} from "./promotions.service";
export { productAsProposal } from "./revision-data";
export {
  getRevision,
  listLaboratories,
  listMyNotices,
  listMyRevisions,
  markNoticesRead,
  saveRevision,
  submitRevision,
} from "./revisions.service";
export { searchProducts } from "./search.service";
export { seedVisitaDemo } from "./seed";
export { seedPromotionsDemo } from "./seed/promotions";
export { type CatalogueViewer, catalogueViewer, professionalSetCookie } from "./viewer";
