// What the back-office pages' loaders call (server only): the task guard and the audit log.
export { requireTaskPage } from "#server/admin";
export { listAuditLog } from "#server/platform/audit";
