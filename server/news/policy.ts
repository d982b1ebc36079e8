import { can, type Rule, type SessionUser } from "#server/accounts";

// Who may do what in the news area (decision 0061). Writing and publishing are the back office's
// "content" task, asserted by the services with assertCan(actor, "content").

/** Editors (and admins) edit news and tribunas, and so see them before they are published. */
export const editNews: Rule<SessionUser> = { allows: (user) => can(user, "content") };
