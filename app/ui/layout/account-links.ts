import type { AuthUser } from "#common/accounts";
import { can, hasRole } from "#common/accounts/permissions";
import { linkTo } from "#common/route-names";
import { areaHomeLabel } from "#common/visita/area-home";

export type AccountLink = { label: string; to: string };

/**
 * What a signed-in user's roles give them, in the order the account menu, the phone menu and
 * /app/cuenta show it. Every entry is a page that exists; a role adds its own entries.
 */
export function accountLinksFor(user: Pick<AuthUser, "roles"> | null | undefined): AccountLink[] {
  if (!user) return [];
  const links: AccountLink[] = [{ label: "Mi cuenta", to: linkTo("cuenta") }];
  if (hasRole(user, "candidato")) {
    links.push(
      { label: "Mis candidaturas", to: linkTo("empleo-candidaturas") },
      { label: "Ofertas guardadas", to: linkTo("empleo-guardadas") },
      { label: "Alertas", to: linkTo("empleo-alertas") },
      { label: "Mi perfil profesional", to: linkTo("empleo-perfil") },
    );
  }
  if (hasRole(user, "administrador_empleo"))
    links.push(
      { label: "Panel de empleo", to: linkTo("empleo-panel") },
      { label: "Buscar candidatos", to: linkTo("empleo-panel-talento") },
    );
  if (hasRole(user, "visitador_farmaceutico", "marketing")) links.push({ label: areaHomeLabel(user), to: linkTo("visitadorPage") });
  if (can(user, "enter")) links.push({ label: "Administración", to: linkTo("admin") });
  links.push({ label: "Mensajes", to: linkTo("chat") }, { label: "Notificaciones", to: linkTo("notificaciones") });
  return links;
}
