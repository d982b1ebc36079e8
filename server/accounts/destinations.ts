import { type Destinations, destinationAfterLogin } from "#common/accounts";
import type { Config } from "#server/config";
import type { AuthUser } from "./auth-user";

/** The pure destination rules of common/accounts, fed with this instance's configuration. */
export function destinationsOf(config: Config): Destinations {
  return {
    appUrl: config.appUrl,
    allowedOrigins: config.redirectAllowedOrigins,
    userArea: config.destinations.userArea,
    employmentArea: config.destinations.employmentArea,
    legacyPerfilUser: config.destinations.legacyPerfilUser,
    legacyPanelEmpleo: config.destinations.legacyPanelEmpleo,
  };
}

export function afterLogin(config: Config, user: Pick<AuthUser, "roles">, redirectUrl: string | null | undefined): string {
  return destinationAfterLogin(user, redirectUrl, destinationsOf(config));
}
