// The jobs area's service functions: pages' loaders/actions and the /api/empleo routes call these.
export * from "./alerts.service";
export * from "./applications.service";
export { LOGOS_FOLDER, logoKeysInUse, removeCompanyLogo, uploadCompanyLogo } from "./company-logo.service";
export * from "./company-page.service";
export * from "./cvs.service";
export * from "./offers.service";
export { type OpenOfferCountry, openOfferCountries } from "./open-countries";
export * from "./panel.service";
export { applyToOffers, manageOffers, missingCompanyOf } from "./policy";
export * from "./saved.service";
export { startJobsScheduler, stopJobsScheduler } from "./scheduler";
export { searchOffers } from "./search";
export { seedJobsDemo } from "./seed";
export { createRng, type Rng } from "./seed/generate";
export { companyLogoHandler, defaultShareImageHandler, offerShareImageHandler } from "./share-image";
export { listJobsSitemapEntries } from "./sitemap";
export type * from "./types";
export { cvKeysInUse } from "./uploads";
