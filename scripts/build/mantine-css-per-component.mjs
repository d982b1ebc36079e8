import fs from "node:fs";
import path from "node:path";

/**
 * Imports each Mantine component's stylesheet where the component is used, instead of all of
 * `@mantine/core/styles.css` (40 KB gzip, render-blocking) in the root (decision 0041, "CSS per
 * component").
 *
 * For every app module that imports from a `@mantine/*` package, the named imports are followed
 * through Mantine's own ES modules (a `Select` reaches `Combobox`, `Popover`, `Input`, `ScrollArea`…)
 * to the CSS modules they use, and `import "@mantine/core/styles/<Name>.layer.css"` lines are
 * prepended, in the order of Mantine's full stylesheet. Vite then puts them in the CSS of the chunk
 * that holds the module (the root's, a route's, a lazy overlay's), so a stylesheet cannot be
 * forgotten when a component is added. The `.layer.css` files wrap Mantine's rules in
 * `@layer mantine`: the app's own (unlayered) CSS wins over them whatever order the chunks' CSS
 * arrives in — React Router lists a route's own CSS before the CSS of the chunks it imports.
 * The global stylesheets and the components of the public pages are in app/styles/mantine-public.css,
 * part of the root stylesheet (app/styles/root.css): one file for every public page; not imported again.
 */
const IMPORT_RE = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*["']@mantine\/(core|dates|notifications|modals|tiptap)["']/g;

/** Mantine's per-component stylesheets: which ones a named import needs, their order, the root's. */
export function mantineStylesheets(root = process.cwd()) {
  const pkgDir = (pkg) => path.join(root, "node_modules/@mantine", pkg);
  const stylesDir = path.join(pkgDir("core"), "styles");
  const full = fs.readFileSync(path.join(pkgDir("core"), "styles.css"), "utf8");

  // Mantine's class name → the per-component stylesheet(s) defining it; the stylesheets' order in styles.css.
  const sheetsOfClass = new Map();
  const position = new Map();
  for (const file of fs.readdirSync(stylesDir)) {
    if (!file.endsWith(".css") || file.endsWith(".layer.css")) continue;
    const name = file.slice(0, -4);
    const text = fs.readFileSync(path.join(stylesDir, file), "utf8");
    position.set(name, full.indexOf(text.trim().slice(0, 200)));
    for (const match of text.matchAll(/\.(m_[0-9a-f]+)\b/g)) {
      const set = sheetsOfClass.get(match[1]) ?? new Set();
      set.add(name);
      sheetsOfClass.set(match[1], set);
    }
  }

  /** Exported name → the module file defining it, per package (from its esm/index.mjs). */
  const exportsOf = new Map();
  const exportFiles = (pkg) => {
    if (exportsOf.has(pkg)) return exportsOf.get(pkg);
    const dir = path.join(pkgDir(pkg), "esm");
    const source = fs.readFileSync(path.join(dir, "index.mjs"), "utf8");
    const local = new Map();
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
      for (const spec of match[1].split(",")) {
        const [, alias] = spec.trim().split(/\s+as\s+/);
        const name = (alias ?? spec).trim();
        // Re-exports of other libraries (react-remove-scroll) have no Mantine stylesheet: null.
        if (name) local.set(name, match[2].startsWith(".") ? path.join(dir, match[2]) : null);
      }
    }
    const map = new Map();
    for (const match of source.matchAll(/export\s*\{([^}]*)\}/g)) {
      for (const spec of match[1].split(",")) {
        const [inner, outer] = spec.trim().split(/\s+as\s+/);
        if (inner && local.has(inner)) map.set((outer ?? inner).trim(), local.get(inner));
      }
    }
    exportsOf.set(pkg, map);
    return map;
  };

  /** Collects the core stylesheets a Mantine module needs: its own and those of everything it imports. */
  const collect = (file, visited, sheets) => {
    if (file === null || visited.has(file)) return;
    visited.add(file);
    const source = fs.readFileSync(file, "utf8");
    if (file.endsWith(".module.mjs")) {
      for (const match of source.matchAll(/"(m_[0-9a-f]+)"/g)) for (const s of sheetsOfClass.get(match[1]) ?? []) sheets.add(s);
    }
    for (const match of source.matchAll(/(?:from|import)\s*"(\.[^"]+\.mjs)"/g))
      collect(path.resolve(path.dirname(file), match[1]), visited, sheets);
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g)) {
      for (const name of names(match[1])) collect(fileOf("core", name), visited, sheets);
    }
  };

  const names = (specifiers) =>
    specifiers
      .split(",")
      .map((spec) => spec.trim())
      .filter((spec) => spec && !spec.startsWith("type "))
      .map((spec) => spec.split(/\s+as\s+/)[0]);

  const fileOf = (pkg, name) => {
    const file = exportFiles(pkg).get(name);
    if (file === undefined) throw new Error(`@mantine/${pkg} has no export ${name} (scripts/build/mantine-css-per-component.mjs)`);
    return file;
  };

  const sheetsOfName = new Map();
  const sheetsForNames = (pkg, specifiers) => {
    const sheets = new Set();
    for (const name of names(specifiers)) {
      const key = `${pkg}:${name}`;
      if (!sheetsOfName.has(key)) {
        const own = new Set();
        collect(fileOf(pkg, name), new Set(), own);
        sheetsOfName.set(key, own);
      }
      for (const s of sheetsOfName.get(key)) sheets.add(s);
    }
    return sheets;
  };

  // Already in the root's stylesheet.
  const publicCss = fs.readFileSync(path.join(root, "app/styles/mantine-public.css"), "utf8");
  const rootOrder = [...publicCss.matchAll(/@mantine\/core\/styles\/([\w-]+)\.layer\.css/g)].map((match) => match[1]);

  return { sheetsForNames, exportFiles, position, inRoot: new Set(rootOrder), rootOrder };
}

export function mantineCssPerComponent(root = process.cwd()) {
  const { sheetsForNames, position, inRoot } = mantineStylesheets(root);
  return {
    name: "farmanexo:mantine-css-per-component",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0];
      if (!/\.(tsx?|jsx?)$/.test(file) || file.includes("/node_modules/") || !file.startsWith(path.join(root, "app") + path.sep))
        return null;
      if (!code.includes("@mantine/")) return null;
      const sheets = new Set();
      for (const match of code.matchAll(IMPORT_RE)) {
        if (match[1]) continue;
        for (const s of sheetsForNames(match[3], match[2])) sheets.add(s);
      }
      const ordered = [...sheets].filter((name) => !inRoot.has(name)).sort((a, b) => position.get(a) - position.get(b));
      if (ordered.length === 0) return null;
      // On the first line, so the module's own line numbers do not move.
      const imports = ordered.map((name) => `import "@mantine/core/styles/${name}.layer.css";`).join("");
      return { code: imports + code, map: null };
    },
  };
}
