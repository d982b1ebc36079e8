import { linkTo } from "#common/route-names";

/**
 * The audit log in the back office's words: what each stored action code means, what its subject
 * is (with a link to it where the back office has a page), and a before/after a person can read.
 * The codes stay as stored (searchable, stable); only their display is translated.
 */

const SUBJECTS: Record<string, string> = {
  user: "Usuario",
  noticia: "Noticia",
  tribuna: "Tribuna",
  area: "Área",
  categoria: "Categoría",
  autor: "Autor",
  feedback: "Opinión",
  chat_report: "Denuncia del chat",
  newsletter: "Boletín",
  product_revision: "Propuesta del catálogo",
  promotion: "Promoción",
  laboratory: "Laboratorio",
};

/** Whole actions whose meaning is not "subject + verb". */
const ACTIONS: Record<string, string> = {
  "user.block": "Bloqueó la cuenta",
  "user.unblock": "Desbloqueó la cuenta",
  "user.role_grant": "Concedió un rol",
  "user.role_revoke": "Retiró un rol",
  "feedback.status": "Cambió el estado de una opinión",
  "chat_report.dismiss": "Descartó una denuncia",
  "chat_report.delete_message": "Eliminó el mensaje denunciado",
  "chat_report.suspend_account": "Suspendió el chat de la cuenta denunciada",
  "chat_report.block_account": "Bloqueó la cuenta denunciada",
  "visita_revision.create": "Creó una propuesta del catálogo",
  "visita_revision.update": "Cambió una propuesta del catálogo",
  "visita_revision.submit": "Envió una propuesta del catálogo",
  "visita_revision.image": "Subió la imagen de una propuesta",
  "visita_revision.approve": "Aprobó una propuesta del catálogo",
  "visita_revision.reject": "Rechazó una propuesta del catálogo",
  "visita_promotion.take_down": "Retiró una promoción",
  "visita_laboratory_team.link": "Asignó la empresa de un laboratorio",
  "visita_laboratory_team.change": "Cambió la empresa de un laboratorio",
  "visita_laboratory_team.unlink": "Quitó la empresa de un laboratorio",
};

const VERBS: Record<string, string> = {
  create: "Creó",
  update: "Cambió",
  delete: "Borró",
  publish: "Publicó",
  schedule: "Programó",
  unpublish: "Despublicó",
  publish_scheduled: "Publicación programada de",
};

const ARTICLE: Record<string, string> = {
  noticia: "una noticia",
  tribuna: "una tribuna",
  area: "un área",
  categoria: "una categoría",
  autor: "un autor",
};

/** "Bloqueó la cuenta", "Publicó una noticia"…; an unknown code is shown as stored. */
export function actionLabel(action: string): string {
  const known = ACTIONS[action];
  if (known) return known;
  const dot = action.lastIndexOf(".");
  const verb = VERBS[action.slice(dot + 1)];
  const subject = ARTICLE[action.slice(0, dot)];
  return verb && subject ? `${verb} ${subject}` : action;
}

/** Where the back office shows the subject, when it has a page for it (or for its list). */
function subjectLink(type: string, id: string): string | null {
  const numeric = /^\d+$/.test(id);
  switch (type) {
    case "user":
      return numeric ? linkTo("admin-usuario", { id }) : null;
    case "noticia":
      return numeric ? linkTo("admin-noticia", { id }) : null;
    case "tribuna":
      return numeric ? linkTo("admin-tribuna", { id }) : null;
    case "product_revision":
      return numeric ? linkTo("admin-revision", { id }) : null;
    case "area":
    case "categoria":
      return linkTo("admin-areas");
    case "autor":
      return linkTo("admin-autores");
    case "feedback":
      return linkTo("admin-opiniones");
    case "chat_report":
      return linkTo("admin-denuncias");
    case "promotion":
      return linkTo("admin-promociones");
    case "laboratory":
      return linkTo("admin-laboratorios");
    default:
      return null;
  }
}

/** "Usuario n.º 51" and where to open it. */
export function subjectOf(type: string, id: string | null): { label: string; to: string | null } {
  const name = SUBJECTS[type] ?? type;
  return { label: id ? `${name} n.º ${id}` : name, to: id ? subjectLink(type, id) : null };
}

/** A field name as a label: "sesiones_cerradas" → "Sesiones cerradas", "imageKey" → "Image key". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored value as text: Sí/No, "—" for nothing, lists joined, nested objects as compact JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (Array.isArray(value)) return value.length ? value.map((item) => valueText(item)).join(", ") : "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export type AuditChange = { field: string; before: string; after: string; changed: boolean };

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : value == null ? {} : { valor: value };

/** One row per field found before or after, changed ones first. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const b = asRecord(before);
  const a = asRecord(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = fields.map((field) => {
    const was = before == null ? "—" : valueText(b[field]);
    const is = after == null ? "—" : valueText(a[field]);
    return { field: fieldLabel(field), before: was, after: is, changed: was !== is };
  });
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}
