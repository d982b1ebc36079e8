// The accounts services the user-area pages' loaders and actions call (server only).
export { companyOverview, listSessions } from "#server/accounts";
