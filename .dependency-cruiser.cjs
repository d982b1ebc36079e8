// Import boundaries of decision 0012 ("How an area is built"), checked by `npm run lint`.
// Areas are the folders under server/ other than platform/ and db/.
const AREAS = "(accounts|admin|chat|feedback|jobs|news|reference|visita)";

// Tests set up state through any area's builders (tests/factories, server/<area>/factories.ts); they
// are not shipped, so the boundaries below do not apply to them.
const TESTS = "\\.test\\.tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "browser-bundle-imports-server",
      comment:
        "A file under app/ that is not *.server.ts(x) ends up in the browser bundle: it may import server code only as types " +
        "(erased at build). Move the call into a *.server.ts file beside the route.",
      severity: "error",
      from: { path: "^app/", pathNot: "\\.server\\.tsx?$" },
      to: { path: "^server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "area-reached-past-its-index",
      comment: "Pages (app/) and platform code reach an area only through server/<area>/index.ts.",
      severity: "error",
      from: { path: "^(app|server/platform|server/db)/", pathNot: TESTS },
      to: { path: `^server/${AREAS}/`, pathNot: `^server/${AREAS}/index\\.ts$` },
    },
    {
      name: "composition-root-reached-past-index",
      comment: "The composition root (server/*.ts: app, api, boot, context) uses an area's index.ts, and mounts its routes.ts.",
      severity: "error",
      from: { path: "^server/[^/]+\\.ts$", pathNot: TESTS },
      to: { path: `^server/${AREAS}/`, pathNot: `^server/${AREAS}/(index|routes)\\.ts$` },
    },
    {
      name: "area-reaches-other-area-past-its-index",
      comment: "One area uses another only through that area's server/<area>/index.ts.",
      severity: "error",
      from: { path: `^server/${AREAS}/`, pathNot: TESTS },
      to: { path: `^server/${AREAS}/`, pathNot: [`^server/$1/`, `^server/${AREAS}/index\\.ts$`] },
    },
    {
      name: "accounts-imports-other-area",
      comment:
        "Every area builds on accounts, so accounts imports no other area but the reference data: what another area adds to " +
        "it (the unread count, the newsletter opt-in) is wired by the composition root through ctx.accountHooks.",
      severity: "error",
      from: { path: "^server/accounts/", pathNot: [TESTS, "/factories\\.ts$"] },
      to: { path: "^server/(admin|chat|feedback|jobs|news|visita)/" },
    },
    {
      name: "area-imports-admin",
      comment:
        "The back office builds on the areas, never the reverse (decision 0061): who may do what (roles, back-office tasks, " +
        "assertCan) and the user administration live in accounts, so no other area, nor its pages, imports admin.",
      severity: "error",
      from: {
        path: "^(server|common|app/routes|app/features)/(accounts|chat|feedback|jobs|news|reference|visita)/",
        pathNot: TESTS,
      },
      to: { path: "^(server|common)/admin/" },
    },
    {
      name: "platform-imports-area",
      comment: "server/platform/ and server/db/ know no area (the demo seed in server/db/seed/ is the one orchestrator).",
      severity: "error",
      from: { path: "^server/(platform|db)/", pathNot: "^server/db/seed/" },
      to: { path: `^server/${AREAS}/` },
    },
    {
      name: "common-imports-a-side",
      comment: "common/ is shared by the browser and the server: it imports neither.",
      severity: "error",
      from: { path: "^common/", pathNot: TESTS },
      to: { path: "^(app|server)/" },
    },
    {
      name: "server-imports-app",
      comment: "The server never imports the pages' code (it mounts the React Router build).",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|data|\\.react-router)/" },
    includeOnly: "^(app|server|common|tests|scripts)/",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
  },
};
