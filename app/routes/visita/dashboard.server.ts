import { data } from "react-router";
import type { NotificationKind } from "#common/notifications/kinds";
import { pathTo } from "#common/route-names";
import type { SessionUser } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { takeUnreadOfKinds } from "#server/notifications";
import { pageRedirect } from "#server/platform/page-redirect";
import { getLaboratoryDashboard, getRepresentativeDashboard, isMarketing, setProfilePublic } from "#server/visita";
import { assertCan, keepPortfolio } from "./portfolio.server";

export { isMarketing } from "#server/visita";

/** The dashboard part of visitadorPage: the representative's and, for marketing, their laboratory's. */
export async function loadDashboard(context: PageLoadContext, user: SessionUser) {
  const marketing = isMarketing(user);
  const [dashboard, laboratory] = await Promise.all([
    getRepresentativeDashboard(context.app, user),
    marketing ? getLaboratoryDashboard(context.app, user) : null,
  ]);
  return { dashboard, laboratory, appUrl: context.app.config.appUrl };
}

/** visitadorPage's form: switching the public profile on or off. */
export async function dashboardAction(context: PageLoadContext, request: Request) {
  const actor = assertCan(context, request, keepPortfolio);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "perfil-publico" && intent !== "perfil-privado") return data({ message: "Acción no válida." }, { status: 422 });
  await setProfilePublic(context.app, actor, intent === "perfil-publico");
  throw pageRedirect(pathTo("visitadorPage", {}, { perfil: intent === "perfil-publico" ? "publico" : "privado" }), 303);
}

/** What the notifications area reports about a representative's work, shown on their dashboard. */
const VISITA_NOTICE_KINDS: readonly NotificationKind[] = [
  "proposal_decided",
  "visit_decided",
  "promotion_expiring",
  "promotion_taken_down",
  "register_change",
];

/** The representative's unread visita notifications: shown once as new (opening the page marks them read). */
export async function takeVisitaNotices(context: PageLoadContext, user: SessionUser) {
  const notices = await takeUnreadOfKinds(context.app, user, VISITA_NOTICE_KINDS);
  return notices.map((notice) => ({ id: notice.id, texto: notice.text, enlace: notice.link }));
}
