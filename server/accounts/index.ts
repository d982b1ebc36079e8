// The accounts area's public entry: other areas, the composition root and app/**/*.server.ts import only this.

export { can, type Rule } from "#common/accounts/permissions";
export { loadAuthUser, pictureOf } from "./auth-user";
export { removeAvatar, saveAvatar } from "./avatar.service";
export { companyOverview, decideJoinRequest, listJoinRequests } from "./company-members.service";
export type { ExportFile, PrivacyPart } from "./contract";
export { setCsrfCookie } from "./csrf-cookie";
export { destinationsOf } from "./destinations";
export { deviceCookieOf } from "./device-cookie";
export { emailLinkProblem, verifyEmailFromPage } from "./email-links";
export { createEmpresa, createUser } from "./factories";
export { assertCan, requireUser } from "./guards";
export { sessionMiddleware } from "./middleware";
export { loadOwnProfile, updateProfile } from "./own-profile.service";
export { refusedSignInCookies, signInFromPage, signInWithGoogleFromPage, signOutFromPage } from "./page-login";
export { changePassword, resetPasswordWithLink, sendPasswordReset } from "./password.service";
export { hashPassword } from "./passwords";
export { ACCOUNT_PRIVACY_COVERS, deleteAccount, eraseAccountIn } from "./privacy.service";
export { findProfesionalSanitario, setProfesionalSanitario } from "./professional.service";
export { startProVerificationScheduler, stopProVerificationScheduler } from "./professional-scheduler";
export {
  decideProVerification,
  getMyProVerification,
  isVerifiedProfessional,
  listProVerificationQueue,
  PROOFS_FOLDER,
  proofKeysInUse,
  readProVerificationProof,
  requestProVerification,
  verifiedProfessionalSql,
} from "./professional-verification.service";
export {
  addCandidatoRole,
  removeDelegacion,
  saveCandidatoProfile,
  saveEmpleoEmpresa,
  saveEmpleoProfile,
  saveMarketingProfile,
  saveVisitaProfile,
  saveWebProfile,
} from "./profile.service";
export { loadProfileValues } from "./profile-values";
export { authenticateUpgrade, validSessions } from "./realtime-auth";
export { register, resendVerification } from "./registration.service";
export { DEMO_PASSWORD, seedAccountsDemo } from "./seed";
export { hasRole, type SessionUser } from "./session";
export { listSessions, revokeSession } from "./sessions.service";
export { avatarKeysInUse } from "./uploads";
export {
  type AdminUserRow,
  blockAccountIn,
  getUserForAdmin,
  listUsers,
  setBackofficeRole,
  setUserBlocked,
} from "./user-admin.service";
