import { type BackofficeTask, can } from "#common/accounts/permissions";
import { linkTo } from "#common/route-names";

export type AdminNavItem = {
  label: string;
  /** Router path (linkTo) of the page. */
  to: string;
  /** Who sees the entry; the page's loader checks the same task. */
  task: BackofficeTask;
  /** Highlight only on an exact match (the back office's home). */
  end?: boolean;
};

/**
 * The back office's navigation, in order. A new admin page adds one line here (and its route in
 * app/routes.ts under the admin layout); entries a user's roles do not allow are not shown.
 */
export const ADMIN_NAV: AdminNavItem[] = [
  { label: "Inicio", to: linkTo("admin"), task: "enter", end: true },
  { label: "Noticias", to: linkTo("admin-noticias"), task: "content" },
  { label: "Tribunas", to: linkTo("admin-tribunas"), task: "content" },
  { label: "Áreas y categorías", to: linkTo("admin-areas"), task: "content" },
  { label: "Autores", to: linkTo("admin-autores"), task: "content" },
  { label: "Denuncias del chat", to: linkTo("admin-denuncias"), task: "moderation" },
  { label: "Usuarios", to: linkTo("admin-usuarios"), task: "administration" },
  { label: "Profesionales", to: linkTo("admin-profesionales"), task: "moderation" },
  { label: "Propuestas del catálogo", to: linkTo("admin-revisiones"), task: "moderation" },
  { label: "Promociones", to: linkTo("admin-promociones"), task: "moderation" },
  { label: "Laboratorios", to: linkTo("admin-laboratorios"), task: "administration" },
  { label: "Opiniones", to: linkTo("admin-opiniones"), task: "administration" },
  { label: "Auditoría", to: linkTo("admin-auditoria"), task: "administration" },
  { label: "Operaciones", to: linkTo("admin-operaciones"), task: "administration" },
  { label: "Textos legales", to: linkTo("admin-legal"), task: "administration" },
];

export function adminNavFor(user: { roles: readonly string[] } | null | undefined): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => can(user, item.task));
}
