// The server code every area's pages share, for loaders and actions only. Route modules reach the
// server through *.server.ts files (this one, or their area's), because React Router keeps those out
// of the browser bundle and fails the build when browser code uses one (decision 0012).
export { destinationsOf, hasRole, loadAuthUser, requirePageRole, requirePageUser } from "#server/accounts";
export { pagePathOf, pageRedirect } from "#server/platform/page-redirect";
export { geoLocate } from "#server/reference";
