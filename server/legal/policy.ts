import { can, type Rule, type SessionUser } from "#server/accounts";

// Who may do what with the legal texts: everyone reads every version; only admins publish.

/** Publishing a new version of a legal text: the site's administrators (they answer for it). */
export const publishLegalTexts: Rule<SessionUser> = {
  allows: (user) => can(user, "administration"),
  refusal: "Solo un administrador puede publicar los textos legales.",
};
