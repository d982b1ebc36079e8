import fs from "node:fs";
import path from "node:path";
import { mantineStylesheets } from "./mantine-css-per-component.mjs";

/**
 * Fewer JavaScript files for the first load of a page (decision 0050).
 *
 * Left to itself the bundler makes a chunk of every set of modules shared by the same set of route
 * entries. With a hundred routes importing Mantine's components one by one, a public page preloaded
 * 40–65 files of 1–3 KB each. Each is a request a phone on a slow network waits for, and Lighthouse
 * counts high-priority scripts as render-blocking. A few groups replace most of them:
 *
 * - "shell": the client entry and the root route with everything they import statically. Every page
 *   loads these, so one chunk costs no page a byte. Their lazy imports (overlays, consent
 *   preferences) keep their own chunks.
 * - "public-<area>": what two or more landing pages of one area (LANDING_ROUTE_IDS, where visitors
 *   arrive from a search engine or a shared link; the area is the folder of the route module: jobs,
 *   news, visita) import beyond the shell: the offer cards, the news cards.
 * - "public": what landing pages of different areas share: the grid, badges, breadcrumbs. The home
 *   page, which shows a bit of every area, does not make a module shared between areas.
 *
 * A landing page then loads 7–9 files (measured 2026-11-28). It may carry a few KB it does not
 * use; the requests it saves cost more on a slow network. The sign-in and sign-up forms are not
 * landing pages: counting them would put the form controls into every landing page's chunk.
 *
 * The rest (what one public page alone uses, the signed-in areas) is chunked as before.
 */

/** The landing pages' route ids (app/routes.ts); `npm run bundle-size` weighs these and the account forms. */
export const LANDING_ROUTE_IDS = [
  "home",
  "empleo",
  "empleo-cargo",
  "empleo-oferta",
  "empleo-empresa",
  "noticias-index",
  "noticia-contenido",
  "noticias-autor",
  "tribunas",
  "tribuna",
  "visita",
  "producto",
  // Pages a representative shares (a portfolio entry, a promotion): visitors arrive from the link.
  // (The public profile is not one yet: it loads the chat's start form, 181 KB.)
  "producto-cartera",
  "laboratorio-promocion",
];

const SHELL_ROOTS = [/[\\/]app[\\/]root\.tsx(\?|$)/, /[\\/]app[\\/]entry\.client\.tsx(\?|$)/, /virtual:react-router[\\/]entry\.client/];

/**
 * react-dom's small entry (flushSync, portals, preloads), which its client renderer requires. The
 * renderer reaches it through CommonJS, which the static imports followed here do not see; without
 * a group it becomes a file of its own that every page loads. Every page needs it: the shell.
 */
const REACT_DOM = /[\\/]node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)(\?|$)/;

/** Mantine's package indexes: followed by the names imported from them, not to every component. */
const MANTINE_INDEX = /[\\/]node_modules[\\/]@mantine[\\/][a-z]+[\\/]esm[\\/]index\.mjs$/;
const MANTINE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@mantine\/(core|hooks|dates|notifications|modals|form)["']/g;

/** The files of the landing pages' route modules, from app/routes.ts. */
function landingPageFiles(root) {
  const routes = fs.readFileSync(path.join(root, "app/routes.ts"), "utf8");
  const fileOf = new Map([...routes.matchAll(/"(routes\/[^"]+\.tsx)",\s*\{\s*id:\s*"([\w-]+)"/g)].map((m) => [m[2], m[1]]));
  const files = new Set(
    LANDING_ROUTE_IDS.map((id) => {
      const file = fileOf.get(id);
      if (!file) throw new Error(`route ${id} is not in app/routes.ts (scripts/build/client-chunks.mjs)`);
      return path.join(root, "app", file);
    }),
  );
  return [...files];
}

/** A landing page's area: the folder of its route module (app/routes/<area>/…). */
const areaOf = (file) => path.basename(path.dirname(file));

export function clientChunks(root = process.cwd()) {
  const { exportFiles } = mantineStylesheets(root);
  const pages = landingPageFiles(root);

  /** module id → the modules it imports statically, recorded as the modules are parsed. */
  const imports = new Map();
  /** From `root`, every module reached by static imports, except those in `stop`. */
  const closure = (roots, stop = new Set()) => {
    const seen = new Set();
    const pending = [...imports.keys()].filter((id) => roots.some((r) => r(id)));
    while (pending.length > 0) {
      const id = pending.pop();
      if (seen.has(id) || stop.has(id)) continue;
      seen.add(id);
      for (const next of imports.get(id) ?? []) pending.push(next);
    }
    return seen;
  };

  let groups = null;
  const groupOf = (id) => {
    if (!groups) {
      groups = new Map();
      const shell = closure(SHELL_ROOTS.map((re) => (id) => re.test(id)));
      for (const module of shell) groups.set(module, "shell");
      /** module → the landing pages that import it (beyond the shell). */
      const pagesUsing = new Map();
      for (const page of pages) {
        for (const module of closure([(id) => id.split("?")[0] === page], shell))
          pagesUsing.set(module, [...(pagesUsing.get(module) ?? []), page]);
      }
      for (const [module, using] of pagesUsing) {
        if (using.length < 2) continue;
        // The home page shows a bit of every area: it does not make a module shared between areas.
        const areas = new Set(using.map(areaOf).filter((area) => area !== "home"));
        groups.set(module, areas.size === 1 ? `public-${[...areas][0]}` : "public");
      }
    }
    return groups.get(id);
  };

  /** The files that define the names a module imports from Mantine's package indexes. */
  const mantineTargets = (code) => {
    const files = [];
    for (const match of code.matchAll(MANTINE_IMPORT)) {
      const exported = exportFiles(match[2]);
      for (const spec of match[1].split(",")) {
        const name = spec
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0];
        const file = name ? exported.get(name) : undefined;
        if (file) files.push(file);
      }
    }
    return files;
  };

  return {
    name: "farmanexo:client-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      imports.clear();
      groups = null;
    },
    moduleParsed(info) {
      const own = info.importedIds.filter((id) => !MANTINE_INDEX.test(id));
      const viaIndex = info.code && own.length < info.importedIds.length ? mantineTargets(info.code) : [];
      imports.set(info.id, [...own, ...viaIndex]);
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "shell", test: (id) => groupOf(id) === "shell" || REACT_DOM.test(id), priority: 2 },
            {
              name: (id) => groupOf(id) ?? null,
              debugName: "public",
              test: (id) => groupOf(id)?.startsWith("public") ?? false,
              priority: 1,
            },
          ],
        },
      };
    },
  };
}
