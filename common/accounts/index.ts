// Accounts payloads and responses, shared by the forms (app/) and the API (server/accounts/), one
// file per subject: the fields the schemas build on (and what they mean), sign-in and registration,
// the profiles, the responses; the destinations after login (spec §2, §6) are pure rules.
export * from "./auth-schemas";
export * from "./destinations";
// Only what other modules use: the building blocks the schema files share stay inside accounts.
export {
  emailField,
  isTrue,
  PASSWORD_RULES,
  REGISTER_TYPES,
  type RegisterTypeName,
  registerTypeSchema,
  toId,
} from "./fields";
// Texts the API answers with, in a module without zod: the sign-in page shows them in its first
// load and leaves the schemas for later (decision 0050).
export * from "./messages";
export * from "./profile-schemas";
export * from "./responses";
