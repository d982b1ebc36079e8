// The jobs area's service functions: pages' loaders/actions and the /api/empleo routes call these.
export * from "./alerts.service";
export * from "./applicants.service";
export * from "./applications.service";
export { getMyProfile, saveMyProfile } from "./candidate-profile.service";
export { LOGOS_FOLDER, logoKeysInUse, removeCompanyLogo, uploadCompanyLogo } from "./company-logo.service";
export * from "./company-page.service";
export * from "./cvs.service";
export { JOBS_FEED_PATH, jobsFeedHandler } from "./feed";
export {
  type OfferFigures,
  type OfferFigureTotals,
  offerFigureTotals,
  offerViewFiguresBeacon,
  pruneOldOfferViews,
} from "./offer-figures.service";
export * from "./offers.service";
export { type OpenOfferCountry, openOfferCountries } from "./open-countries";
export * from "./panel.service";
export { applyToOffers, manageOffers, missingCompanyOf, searchCandidateProfiles } from "./policy";
export { anonymiseApplications, closeStaleProfiles, jobsPrivacy, pastRetention } from "./privacy";
export { messageCandidate, searchProfiles } from "./profile-search.service";
export { recommendOffersFor } from "./recommendations.service";
export * from "./saved.service";
export { startJobsScheduler, stopJobsScheduler } from "./scheduler";
export { searchOffers } from "./search";
export { seedJobsDemo } from "./seed";
export { createRng, type Rng } from "./seed/generate";
export { companyLogoHandler, defaultShareImageHandler, offerShareImageHandler } from "./share-image";
export { listJobsSitemapEntries, listJobsSitemapFiles } from "./sitemap";
export type * from "./types";
export { cvKeysInUse } from "./uploads";
