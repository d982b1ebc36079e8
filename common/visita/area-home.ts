import { hasRole, type RoleHolder } from "#common/accounts/permissions";

/**
 * visitadorPage's name for who is signed in (issue 26): for a laboratory's marketing team it is
 * their laboratory's panel, for a representative (or someone who is both) their profile.
 */
export function areaHomeLabel(user: RoleHolder | null | undefined): string {
  return hasRole(user, "marketing") && !hasRole(user, "visitador_farmaceutico") ? "Panel de mi laboratorio" : "Mi perfil de visitador";
}
