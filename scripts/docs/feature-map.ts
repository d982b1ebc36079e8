import fs from "node:fs";
import path from "node:path";
import routes from "#app/routes";
import { openApiDocument } from "#server/api";
import { repositoryFiles } from "./repository-files";

/**
 * docs/feature-map.md: from a URL or an operationId to the code and the tests in one hop. Generated
 * (`npm run docs:features`) from app/routes.ts and the OpenAPI document, with a plain static scan of
 * imports and calls, so that moving a file needs no edit here; a unit test fails when the committed
 * map is not what this produces.
 */
export const MAP_PATH = path.resolve("docs/feature-map.md");
const TEST_FILE = /(\.int\.test\.ts|\.test\.tsx?|\.spec\.ts)$/;

type RouteEntry = { id?: string; path?: string; index?: boolean; file: string; children?: RouteEntry[] };
type Page = { url: string; id: string; module: string };
type Operation = { operationId: string; method: string; path: string };
type Handler = { file: string; calls: string[] };

function read(file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
}

/** Every route with its full URL (the app's basename is /app) and its module, children included. */
export function pagesOf(entries: RouteEntry[], parent = ""): Page[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    const page = entry.id ? [{ url: `/app/${own}`.replace(/\/$/, "") || "/app", id: entry.id, module: `app/${entry.file}` }] : [];
    return [...page, ...pagesOf(entry.children ?? [], own)];
  });
}

type Imports = Map<string, string>; // local name → module specifier (value imports only)

/** `import { a, b as c } from "x"` (and `export { … } from`): value imports; `import type` and `type a` members are left out. */
export function importsOf(source: string): Imports {
  const imports: Imports = new Map();
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*"([^"]+)"/gm)) {
    for (const member of (match[1] ?? "").split(",")) {
      const name = member.trim();
      if (!name || name.startsWith("type ")) continue;
      imports.set(name.split(/\s+as\s+/).pop() ?? name, match[2] ?? "");
    }
  }
  return imports;
}

/** The text of a top-level function or const in `source`, up to the next top-level statement. */
export function bodyOf(source: string, name: string): string {
  const start = new RegExp(`^(?:export\\s+)?(?:async\\s+)?(?:function\\s*\\*?\\s*${name}\\b|const\\s+${name}\\b)`, "m").exec(source);
  if (!start) return "";
  const rest = source.slice(start.index);
  const end = /\n(?=[^\s}\])])/.exec(rest.slice(1));
  return end ? rest.slice(0, end.index + 1) : rest;
}

const calledIn = (text: string) => new Set([...text.matchAll(/\b([A-Za-z_$][\w$]*)\s*(?:<[^>()]*>)?\(/g)].map((match) => match[1] ?? ""));

const serverArea = (specifier: string) => /^#server\/([\w-]+)/.exec(specifier)?.[1];
const isServiceArea = (area: string | undefined) => Boolean(area) && area !== "platform" && area !== "db" && area !== "context";
const isRouteServerFile = (specifier: string) =>
  /\.server$/.test(specifier) && (specifier.startsWith("./") || specifier.startsWith("#app/routes/"));

function resolveModule(from: string, specifier: string): string {
  const base = specifier.startsWith("#app/") ? specifier.replace("#app/", "app/") : path.join(path.dirname(from), specifier);
  return [".ts", ".tsx"].map((ext) => base + ext).find((file) => fs.existsSync(file)) ?? `${base}.ts`;
}

/**
 * The area services a page-server function reaches: names imported from `#server/<area>` that it
 * calls, following the helpers it calls in its own file and in other route `.server` files.
 */
export function servicesReached(file: string, name: string, seen = new Set<string>()): string[] {
  const key = `${file}#${name}`;
  if (seen.has(key)) return [];
  seen.add(key);
  const source = read(file);
  const imports = importsOf(source);
  const reexported = imports.get(name);
  if (reexported && isServiceArea(serverArea(reexported))) return [`${serverArea(reexported)}.${name}`];
  const body = bodyOf(source, name);
  const found: string[] = [];
  for (const called of calledIn(body)) {
    if (called === name || /^(require|assert)[A-Z]/.test(called)) continue;
    const specifier = imports.get(called);
    if (specifier && isServiceArea(serverArea(specifier))) found.push(`${serverArea(specifier)}.${called}`);
    else if (specifier && isRouteServerFile(specifier)) found.push(...servicesReached(resolveModule(file, specifier), called, seen));
    else if (!specifier && bodyOf(source, called)) found.push(...servicesReached(file, called, seen));
  }
  return [...new Set(found)].sort();
}

type PageServer = { file: string; functions: string[]; services: string[] };

/** The route `.server` files a page module imports, the functions it takes from each, their services. */
export function pageServersOf(module: string): PageServer[] {
  const imports = importsOf(read(module));
  const byFile = new Map<string, string[]>();
  for (const [name, specifier] of imports) {
    if (!isRouteServerFile(specifier)) continue;
    const file = resolveModule(module, specifier);
    byFile.set(file, [...(byFile.get(file) ?? []), name]);
  }
  return [...byFile]
    .map(([file, functions]) => ({
      file,
      functions: functions.sort(),
      services: [...new Set(functions.flatMap((name) => servicesReached(file, name)))].sort(),
    }))
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** "/app/empleo/p/:pais?" → a pattern for that URL written in a test, literally or as a template. */
export function urlPattern(url: string): RegExp {
  const param = "(?:\\$\\{[^}]*\\}|[^/\"'`?#\\s)]+)";
  const parts = url
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") return `/${param}`;
      if (segment.startsWith(":")) return segment.endsWith("?") ? `(?:/${param})?` : `/${param}`;
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    });
  return new RegExp(`${parts.join("")}/?(?=["'\`?#)]|\\$\\{)`);
}

const testsMentioning = (testFiles: Map<string, string>, patterns: RegExp[]) =>
  [...testFiles].filter(([, text]) => patterns.some((pattern) => pattern.test(text))).map(([file]) => file);

export function operationsOf(document: { paths?: Record<string, Record<string, { operationId?: string }>> }): Operation[] {
  return Object.entries(document.paths ?? {})
    .flatMap(([apiPath, item]) =>
      Object.entries(item).map(([method, operation]) => ({ operationId: operation.operationId ?? "", method, path: apiPath })),
    )
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/**
 * The service calls of each API handler in the server's route files, under the keys a document
 * operation can be found by: "method path", "* path" (a route built by a helper that takes the path)
 * and its literal operationId. A handler is the text from one `createRoute(` or `router.openapi(` to
 * the next; its service calls are the names it mentions from a sibling module or another area's index (not schemas,
 * JSON mappers, platform helpers or guards), as `area.name`.
 */
export function handlersOf(files: string[]): Map<string, Handler> {
  const handlers = new Map<string, Handler>();
  for (const file of files.filter((name) => name.startsWith("server/") && name.endsWith(".ts") && !TEST_FILE.test(name))) {
    const source = read(file);
    if (!source.includes("createRoute(")) continue;
    const area = file.split("/")[1] ?? "";
    const imports = importsOf(source);
    const serviceName = (name: string) => {
      const specifier = imports.get(name) ?? "#";
      if (/^(require|assert)[A-Z]/.test(name) || !/^[a-z]/.test(name)) return undefined;
      if (specifier.startsWith("./") && !/^\.\/(api-json|.*schemas|routes.*|.*\.routes)$/.test(specifier)) return `${area}.${name}`;
      return isServiceArea(serverArea(specifier)) ? `${serverArea(specifier)}.${name}` : undefined;
    };
    const starts = [...source.matchAll(/createRoute\(|router\.openapi\(/g)].map((match) => match.index ?? 0);
    starts.forEach((start, index) => {
      const segment = source.slice(start, starts[index + 1] ?? source.length);
      const routePath = /path:\s*"([^"]+)"/.exec(segment)?.[1] ?? /^router\.openapi\(\s*\w+\(\s*"(\/[^"]*)"/.exec(segment)?.[1];
      const method = /method:\s*"(\w+)"/.exec(segment)?.[1];
      const operationIds = [...(/operationId:[^,\n]*/.exec(segment)?.[0].matchAll(/"(\w+)"/g) ?? [])].map((match) => match[1] ?? "");
      const named = new Set(segment.match(/[A-Za-z_$][\w$]*/g) ?? []);
      const calls = [...named].flatMap((name) => serviceName(name) ?? []).sort();
      // A path written as a template (routes made in a loop) matches any value in its ${…} parts.
      const templatePath = /path:\s*`([^`]+)`/.exec(segment)?.[1]?.replace(/\$\{[^}]*\}/g, "{*}");
      const keys = [...operationIds, ...[routePath, templatePath].flatMap((found) => (found ? [`${method ?? "*"} ${found}`] : []))];
      for (const key of keys) if (!handlers.has(key)) handlers.set(key, { file, calls });
    });
  }
  return handlers;
}

/** A handler registered under a template path ("post /x/{id}/{*}") that the operation's path fits. */
function templateHandler(handlers: Map<string, Handler>, operation: Operation): Handler | undefined {
  const literal = (text: string) => text.replace(/[.*+?^$(){}|[\]\\]/g, "\\$&");
  for (const [key, handler] of handlers) {
    const [method, template] = key.split(" ");
    if (!template?.includes("{*}") || (method !== "*" && method !== operation.method)) continue;
    const pattern = new RegExp(`^${literal(template).split(literal("{*}")).join("[^/]+")}$`);
    if (pattern.test(operation.path)) return handler;
  }
  return undefined;
}

const link = (file: string) => `[${path.basename(file)}](../${file})`;
const code = (names: string[]) => names.map((name) => `\`${name}\``).join(", ") || "—";
const links = (files: string[]) => files.map(link).join(", ") || "—";

export function renderFeatureMap(): string {
  const files = repositoryFiles(["app", "server", "common", "tests", "e2e"]);
  const testFiles = new Map(files.filter((file) => TEST_FILE.test(file)).map((file) => [file, read(file)]));
  const pages = pagesOf(routes as RouteEntry[]);
  const pageRows = pages.map((page) => {
    const servers = pageServersOf(page.module);
    const serverCell = servers.map((server) => `${link(server.file)}: ${code(server.functions)}`).join("<br>") || "—";
    const services = [...new Set(servers.flatMap((server) => server.services))].sort();
    const idMention = new RegExp(`(?:pathTo|linkTo)\\(\\s*"${page.id}"`);
    const tests = page.id === "not-found" ? [] : testsMentioning(testFiles, [urlPattern(page.url), idMention]);
    return `| \`${page.url}\` | \`${page.id}\` | ${link(page.module)} | ${serverCell} | ${code(services)} | ${links(tests)} |`;
  });
  const handlers = handlersOf(files);
  const operationRows = operationsOf(openApiDocument() as never).map((operation) => {
    const handler =
      handlers.get(operation.operationId) ??
      handlers.get(`${operation.method} ${operation.path}`) ??
      handlers.get(`* ${operation.path}`) ??
      templateHandler(handlers, operation);
    const apiUrl = `/api${operation.path.replace(/\{(\w+)\}/g, ":$1")}`;
    const tests = testsMentioning(testFiles, [urlPattern(apiUrl), new RegExp(`\\b${operation.operationId}\\b`)]);
    return `| \`${operation.operationId}\` | ${operation.method.toUpperCase()} \`${apiUrl}\` | ${handler ? link(handler.file) : "—"} | ${code(handler?.calls ?? [])} | ${links(tests)} |`;
  });
  return [
    "# Feature map",
    "",
    "Generated by `npm run docs:features` (`scripts/docs/feature-map.ts`) from `app/routes.ts` and the",
    "OpenAPI document; do not edit by hand (a unit test fails when it is not current). Find a page by",
    "its URL or route id, an API operation by its path or operationId; each row names the code and the",
    "tests (integration tests and e2e specs that mention the URL, the route id in `pathTo`/`linkTo`, or",
    "the operation's path or id). Services are `area.function`, exported by `server/<area>/index.ts`.",
    "Words: `docs/glossary.md`.",
    "",
    `## Pages (${pageRows.length})`,
    "",
    "| URL | route id | page module | page server file: what the page imports | services it calls | tests |",
    "|---|---|---|---|---|---|",
    ...pageRows,
    "",
    `## API operations (${operationRows.length})`,
    "",
    "| operationId | method and path | handler | services it calls | tests |",
    "|---|---|---|---|---|",
    ...operationRows,
    "",
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(MAP_PATH, renderFeatureMap());
  console.log(`wrote ${path.relative(process.cwd(), MAP_PATH)}`);
}
