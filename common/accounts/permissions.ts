// Who may do what, for the server, the pages and the browser alike (decision 0061). Roles belong to
// accounts; every other area states its own rules in server/<area>/policy.ts with these words:
//   hasRole(user, ...roles)   the raw fact, used only inside policy files;
//   can(user, what)           whether the user may do a back-office task or follow an area's rule;
//   assertCan(...)            the same, answering 401/403 (server only, #server/accounts);
//   requireUser(...)          a signed-in user, or 401 / the login page (server only).

/**
 * Anything that holds roles: a session user (a list), or the account's JSON (product-spec §7: a map
 * of role to 1 or 0, as the browser and the login redirect see it).
 */
export type RoleHolder = { readonly roles: readonly string[] | Readonly<Record<string, unknown>> };

/** Whether a user holds any of the given roles. Signed-out users hold none. */
export function hasRole(user: RoleHolder | null | undefined, ...roles: readonly string[]): boolean {
  if (!user) return false;
  const held = user.roles;
  if (Array.isArray(held)) return roles.some((role) => held.includes(role));
  const map = held as Readonly<Record<string, unknown>>;
  return roles.some((role) => map[role] === 1 || map[role] === true);
}

/**
 * One area's rule, named by what it allows (`keepPortfolio`, `manageOffers`): `allows` decides from
 * the signed-in user, `refusal` is the Spanish 403 message of the API (the generic one when absent).
 */
export type Rule<U extends RoleHolder = RoleHolder> = { readonly allows: (user: U) => boolean; readonly refusal?: string };

/** The roles that open the back office (product brief, "Back office"). */
export const BACKOFFICE_ROLES = ["editor", "moderador", "admin"] as const;
export type BackofficeRole = (typeof BACKOFFICE_ROLES)[number];

/**
 * What each back-office task needs. An admin runs the site, so every task is open to them too;
 * editors and moderators only reach their own.
 */
export const BACKOFFICE_TASKS = {
  /** The back office's home. */
  enter: ["editor", "moderador", "admin"],
  /** News, tribunas, their images, areas, categories and authors. */
  content: ["editor", "admin"],
  /** Catalogue revisions and reported chat messages. */
  moderation: ["moderador", "admin"],
  /** Users, roles, blocking, the feedback inbox, the newsletter and the audit log. */
  administration: ["admin"],
} as const satisfies Record<string, readonly BackofficeRole[]>;
export type BackofficeTask = keyof typeof BACKOFFICE_TASKS;

/** Whether the user may do a back-office task or what an area's rule allows. Signed-out users may not. */
export function can<U extends RoleHolder>(user: U | null | undefined, what: BackofficeTask | Rule<U>): boolean {
  if (!user) return false;
  return typeof what === "string" ? hasRole(user, ...BACKOFFICE_TASKS[what]) : what.allows(user);
}

/** The back-office roles a user holds, for the back office's header. */
export const backofficeRolesOf = (user: RoleHolder): BackofficeRole[] => BACKOFFICE_ROLES.filter((role) => hasRole(user, role));

/** Spanish names of the back-office roles, for tables and badges. */
export const BACKOFFICE_ROLE_LABELS: Record<BackofficeRole, string> = {
  editor: "Editor",
  moderador: "Moderador",
  admin: "Administrador",
};
