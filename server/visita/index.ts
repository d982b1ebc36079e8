// The visita area's service functions: pages' loaders/actions and the /api/visita routes call these.
export type * from "./api-schemas";
export {
  addToPortfolio,
  findMyEntryForProduct,
  getMyPortfolioEntry,
  getPublicPortfolioEntry,
  isRepresentative,
  listMyPortfolio,
  myZonas,
  productsInMyPortfolio,
  removePortfolioEntry,
  representativeViewer,
  updatePortfolioEntry,
} from "./portfolio.service";
export { findProduct, listRepresentatives, PRODUCT_NOT_FOUND, productAccess } from "./products.service";
export { searchProducts } from "./search.service";
export { type CatalogueViewer, catalogueViewer, PROFESSIONAL_COOKIE, professionalSetCookie } from "./viewer";
