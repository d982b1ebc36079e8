import type { RegisterTypeName } from "#common/accounts";

/** Spanish names of the account types in the back office's tables. */
export const ACCOUNT_TYPE_LABELS: Record<RegisterTypeName, string> = {
  web: "Profesional (web)",
  academia: "Academia",
  candidato: "Candidato",
  visita: "Visitador médico",
  mkt: "Marketing de laboratorio",
  empleo: "Empresa (empleo)",
};

/** Spanish names of every role a user may hold. */
export const ROLE_LABELS: Record<string, string> = {
  candidato: "Candidato",
  visitador_farmaceutico: "Visitador farmacéutico",
  marketing: "Marketing",
  administrador_empleo: "Administrador de empleo",
  editor: "Editor",
  moderador: "Moderador",
  admin: "Administrador",
};

export const USER_STATE_LABELS = { activo: "Activa", bloqueado: "Bloqueada" } as const;
