// The back office's entry for other areas: the policy (who may do what) and the demo accounts.
export { assertCan, BACKOFFICE_ROLES, BACKOFFICE_TASKS, type BackofficeTask, canDo, requireTask, requireTaskPage } from "./policy";
export { seedBackofficeDemo } from "./seed";
export {
  type AdminUserRow,
  getUserForAdmin,
  listUsers,
  setBackofficeRole,
  setUserBlocked,
  USERS_PAGE_SIZE,
  type UserQuery,
} from "./users.service";
