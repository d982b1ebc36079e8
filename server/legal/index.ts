// Legal texts and recorded consent (issue 27): what pages, the composition root and other areas use.
export {
  acceptPendingTerms,
  exportConsents,
  pendingTerms,
  recordConsent,
  recordRegistrationConsent,
  termsPendingError,
} from "./consent.service";
export {
  currentLegalDocument,
  ensureLegalDocuments,
  legalDocumentVersion,
  legalVersions,
  publishLegalDocument,
  type ReadableDocument,
  readableDocument,
} from "./documents.service";
export { termsGate, termsPageRedirect } from "./terms-gate";
