// Feedback ("Danos tu opinión"): what pages' loaders and actions use.
export { type FeedbackQuery, type FeedbackRow, listFeedback, setFeedbackStatus, submitFeedback } from "./feedback.service";
