// Feedback ("Danos tu opinión"): what pages' loaders and actions use.
export { listFeedback, setFeedbackStatus, submitFeedback } from "./feedback.service";
export { feedbackPrivacy } from "./privacy";
