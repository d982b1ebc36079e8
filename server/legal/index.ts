// Legal texts and recorded consent (issue 27): what pages, the composition root and other areas use.
export {
  acceptPendingTerms,
  exportConsents,
  pendingTerms,
  pruneConsentProof,
  recordConsent,
  recordRegistrationConsent,
} from "./consent.service";
export {
  currentLegalDocument,
  ensureLegalDocuments,
  legalDocumentVersion,
  legalVersions,
  publishLegalDocument,
  readableDocument,
} from "./documents.service";
export { legalPrivacy } from "./privacy";
export { termsGate, termsPageRedirect } from "./terms-gate";
