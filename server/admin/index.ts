// The back office's entry for other areas: the policy (who may do what) and the demo accounts.
export { assertCan, requireTask, requireTaskPage } from "./policy";
export { seedBackofficeDemo } from "./seed";
export {
  type AdminUserRow,
  blockAccountIn,
  getUserForAdmin,
  listUsers,
  setBackofficeRole,
  setUserBlocked,
} from "./users.service";
