// Import boundaries of decision 0012 ("How an area is built"), checked by `npm run lint`.
// Areas are the folders under server/ other than platform/ and db/ (seo/ composes the others: decision 0062).
const AREAS = "(accounts|admin|chat|feedback|jobs|legal|news|notifications|reference|seo|visita)";

// Tests set up state through any area's builders (tests/factories, server/<area>/factories.ts); they
// are not shipped, so the boundaries below do not apply to them.
const TESTS = "\\.test\\.tsx?$";

// Decision 0063 (amending 0049): the plain Mantine controls (app/ui/plain-*.tsx) are for hot public
// parts only. These are the modules allowed to import them, by name: a new importer is added here on
// purpose, with the measurement that justifies it, not by accident.
const PLAIN_IMPORTERS = [
  "app/features/accounts/auth-page.tsx",
  "app/features/feedback/feedback-button.tsx",
  "app/features/jobs/country-switcher.tsx",
  "app/features/jobs/empty-card.tsx",
  "app/features/jobs/latest-offers.tsx",
  "app/features/jobs/listing-filters.tsx",
  "app/features/jobs/offer-facts.tsx",
  "app/features/jobs/screening-answers.tsx",
  "app/features/news/news-nav.tsx",
  "app/features/news/next-page.tsx",
  "app/features/visita/demo-note.tsx",
  "app/features/visita/product-detail.tsx",
  "app/features/visita/professional-gate.tsx",
  "app/features/visita/representatives.tsx",
  "app/features/visita/search-box.tsx",
  "app/routes/accounts/auth/login.tsx",
  "app/routes/accounts/register/sign-up.tsx",
  "app/routes/home/home.tsx",
  "app/routes/jobs/listing.tsx",
  "app/routes/jobs/offer.tsx",
  "app/routes/news/article.tsx",
  "app/routes/news/tribuna.tsx",
  "app/routes/visita/search.tsx",
  "app/ui/consent/consent-banner.tsx",
  "app/ui/forbidden.tsx",
  "app/ui/load-more-pager.tsx",
  "app/ui/not-found.tsx",
  "app/ui/server-error.tsx",
];
const exactly = (file) => `^${file.replaceAll(".", "\\.")}$`;

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
      comment:
        "The composition root (server/*.ts: app, api, boot, context) uses an area's index.ts, and mounts its routes.ts; " +
        "server/context.ts takes the types it holds from accounts' contract.ts, which imports nothing that imports the context.",
      severity: "error",
      from: { path: "^server/[^/]+\\.ts$", pathNot: TESTS },
      to: { path: `^server/${AREAS}/`, pathNot: `^server/${AREAS}/(index|routes)\\.ts$|^server/accounts/contract\\.ts$` },
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
      to: { path: "^server/(admin|chat|feedback|jobs|legal|news|notifications|seo|visita)/" },
    },
    {
      name: "area-imports-seo",
      comment:
        "server/seo/ composes the areas' sitemap entries through their index.ts; areas never import it (each lists only its " +
        "own pages) and only the composition root mounts it (decision 0062).",
      severity: "error",
      from: { path: `^server/${AREAS}/`, pathNot: ["^server/seo/", TESTS] },
      to: { path: "^server/seo/" },
    },
    {
      name: "area-imports-admin",
      comment:
        "The back office builds on the areas, never the reverse (decision 0061): who may do what (roles, back-office tasks, " +
        "assertCan) and the user administration live in accounts, so no other area, nor its pages, imports admin.",
      severity: "error",
      from: {
        path: "^(server|common|app/routes|app/features)/(accounts|chat|feedback|jobs|legal|news|reference|visita)/",
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
      name: "ui-imports-area-or-page",
      comment:
        "app/ui (cross-area UI) and app/lib (browser helpers) sit below the areas: they import no app/features, no page and " +
        "not the app's shell or root. What an area adds to the layout is passed in by app/shell.tsx (decision 0062).",
      severity: "error",
      from: { path: "^app/(ui|lib)/", pathNot: TESTS },
      to: { path: "^app/(features/|routes/|root\\.tsx$|shell\\.tsx$|routes\\.ts$|entry\\.server\\.tsx$)" },
    },
    {
      name: "feature-imports-other-feature",
      comment:
        "app/features/<area> holds one area's components: what two areas share goes to app/ui (UI) or app/lib (browser " +
        "helpers), decision 0062.",
      severity: "error",
      from: { path: "^app/features/([^/]+)/", pathNot: TESTS },
      to: { path: "^app/features/([^/]+)/", pathNot: "^app/features/$1/" },
    },
    {
      name: "app-import-cycle",
      comment:
        "No import cycle under app/, type imports included: a lower layer (app/ui, app/lib) never reaches back to the module " +
        "that renders it (the root's data type lives in app/ui/layout/root-data.ts for that reason), decision 0062.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^app/", circular: true },
    },
    {
      name: "area-import-cycle",
      comment:
        "No import cycle between two server areas (type imports included): one area depends on another, never both ways. " +
        "Shared needs go down to common/ or server/platform/, or are wired by the composition root (decision 0062).",
      severity: "error",
      from: { path: `^server/${AREAS}/` },
      to: { circular: true, via: { path: `^server/(?!$1/)${AREAS}/` } },
    },
    {
      name: "server-import-cycle",
      comment:
        "No import cycle under server/, type imports included (issue 25: there were 66 cycle paths, all through the AppContext " +
        "hub). A module the context holds declares the narrow shape it needs ({ logger: Logger }) instead of importing " +
        "AppContext, and the context takes accounts' types from server/accounts/contract.ts, which imports nothing that imports it.",
      severity: "error",
      from: { path: "^server/", pathNot: TESTS },
      to: { path: "^server/", circular: true },
    },
    {
      name: "server-imports-app",
      comment: "The server never imports the pages' code (it mounts the React Router build).",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "plain-mantine-importer-not-listed",
      comment:
        "app/ui/plain-*.tsx copy Mantine's markup for hot public parts (decisions 0049, 0063). Only the modules in " +
        "PLAIN_IMPORTERS (.dependency-cruiser.cjs) may import them; elsewhere use Mantine's component.",
      severity: "error",
      from: { pathNot: [TESTS, "^app/ui/plain-[^/]+\\.tsx$", ...PLAIN_IMPORTERS.map(exactly)] },
      to: { path: "^app/ui/plain-[^/]+\\.tsx$" },
    },
    {
      name: "parity-markup-outside-tests",
      comment: "app/ui/parity-markup.tsx renders Mantine for the parity tests; no page ships it.",
      severity: "error",
      from: { pathNot: TESTS },
      to: { path: "^app/ui/parity-markup\\.tsx$" },
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
