// The accounts area's public entry: other areas, the composition root and app/**/*.server.ts import only this.

export { loadAuthUser, pictureOf } from "./auth-user";
export { companyOverview, listJoinRequests } from "./company-members.service";
export { setCsrfCookie } from "./csrf-cookie";
export { listSessions, setProfesionalSanitario, updateProfile } from "./cuenta.service";
export { destinationsOf } from "./destinations";
export { emailLinkProblem, verifyEmailFromPage } from "./email-links";
export { createEmpresa, createUser } from "./factories";
export { requirePageRole, requirePageUser, requireRole, requireUser } from "./guards";
export type { AccountHooks } from "./hooks";
export { sessionMiddleware } from "./middleware";
export { changePassword, resetPasswordWithLink, sendPasswordReset } from "./password.service";
export { hashPassword } from "./passwords";
export {
  addCandidatoRole,
  saveCandidatoProfile,
  saveEmpleoEmpresa,
  saveEmpleoProfile,
  saveMarketingProfile,
  saveVisitaProfile,
  saveWebProfile,
} from "./profile.service";
export { loadProfileValues } from "./profile-values";
export { authenticateUpgrade, validSessions } from "./realtime-auth";
export { register } from "./registration.service";
export { DEMO_PASSWORD, seedAccountsDemo } from "./seed";
export { hasRole, type SessionUser } from "./session";
export { avatarKeysInUse } from "./uploads";
