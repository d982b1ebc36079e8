import { hasRole, type SessionUser } from "#server/accounts";
import { AppError } from "#server/platform/errors";

// Who may do what in the visita area.

/** Representatives and laboratory marketing users keep a portfolio and propose products (§6). */
export function requirePortfolioOwner(actor: SessionUser | null): SessionUser {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  if (!hasRole(actor, "visitador_farmaceutico", "marketing")) {
    throw new AppError("FORBIDDEN", "Solo los visitadores farmacéuticos y los usuarios de marketing tienen cartera de productos.");
  }
  return actor;
}

/** Moderators (and admins) review the catalogue's revisions. */
export function requireModerator(actor: SessionUser | null): SessionUser {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  if (!hasRole(actor, "moderador", "admin")) throw new AppError("FORBIDDEN", "Solo los moderadores revisan las propuestas del catálogo.");
  return actor;
}
