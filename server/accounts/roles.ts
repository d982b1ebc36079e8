import type { RegisterType, Role } from "#server/db/schema";

/** Roles each account type is granted at registration (product brief, "Who uses it"). */
export const ROLES_BY_REGISTER_TYPE: Record<RegisterType, Role[]> = {
  web: [],
  academia: [],
  candidato: ["candidato"],
  visita: ["visitador_farmaceutico"],
  mkt: ["marketing"],
  empleo: ["administrador_empleo"],
};
