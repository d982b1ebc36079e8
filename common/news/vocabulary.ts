/** States of a news item or a tribuna (product brief, "News"). */
export const NEWS_STATUSES = ["borrador", "programada", "publicada"] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
export const NEWS_STATUS_LABELS: Record<NewsStatus, string> = {
  borrador: "Borrador",
  programada: "Programada",
  publicada: "Publicada",
};

/** Where the back office is with a piece of feedback. */
export const FEEDBACK_STATUSES = ["nuevo", "leido", "resuelto"] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const FEEDBACK_STATUS_LABELS: Record<FeedbackStatus, string> = {
  nuevo: "Nuevo",
  leido: "Leído",
  resuelto: "Resuelto",
};

/** Page size of the news lists. */
export const NEWS_PAGE_SIZE = 12;
