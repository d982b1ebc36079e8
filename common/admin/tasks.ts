import { hasAnyRole } from "#common/roles";
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

export function canDo(user: { roles: readonly string[] } | null | undefined, task: BackofficeTask): boolean {
  return hasAnyRole(user, ...BACKOFFICE_TASKS[task]);
}

/** Spanish names of the back-office roles, for tables and badges. */
export const BACKOFFICE_ROLE_LABELS: Record<BackofficeRole, string> = {
  editor: "Editor",
  moderador: "Moderador",
  admin: "Administrador",
};
