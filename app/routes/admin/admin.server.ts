// What the back-office pages' loaders call (server only): the task guard and the audit log.
export { assertCan } from "#server/accounts";
export { listAuditLog } from "#server/platform/audit";
