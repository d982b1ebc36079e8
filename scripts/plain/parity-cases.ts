import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Every prop combination the app uses of the plain Mantine controls (decision 0063), read from the
 * JSX of the modules allowed to import them: app/ui/plain-parity-cases.json. A prop written as a
 * literal keeps its value (variant="light", loading, size="xs"); any other expression is "{…}",
 * whose value the parity test chooses. The parity test renders every case next to Mantine's
 * component; a unit test fails when this file is not what the code uses (`npm run plain:cases`).
 */
export const CASES_PATH = path.resolve("app/ui/plain-parity-cases.json");
const UI_DIR = path.resolve("app/ui");
const SCANNED = ["app"];

export type PropValue = string | number | boolean;
export type ParityCase = { component: string; props: Record<string, PropValue>; usedIn: string[] };

/** The components the plain files export (export function PlainX). */
export function plainComponents(): Set<string> {
  const names = new Set<string>();
  for (const file of fs.readdirSync(UI_DIR)) {
    if (!/^plain-.*\.tsx$/.test(file) || file.endsWith(".test.tsx")) continue;
    for (const [, name] of fs.readFileSync(path.join(UI_DIR, file), "utf8").matchAll(/export function (Plain[A-Za-z]+)/g))
      names.add(name as string);
  }
  return names;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

/** A literal attribute value as itself; anything computed as "{…}". */
function propValue(initializer: ts.JsxAttributeValue | undefined): PropValue {
  if (!initializer) return true;
  if (ts.isStringLiteral(initializer)) return initializer.text;
  if (ts.isJsxExpression(initializer) && initializer.expression) {
    const expression = initializer.expression;
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return expression.text;
    if (ts.isNumericLiteral(expression)) return Number(expression.text);
    if (expression.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (expression.kind === ts.SyntaxKind.FalseKeyword) return false;
  }
  return "{…}";
}

/** The plain controls' uses in the app's JSX, one case per distinct component and props. */
export function collectCases(root = process.cwd()): ParityCase[] {
  const components = plainComponents();
  const cases = new Map<string, ParityCase>();
  for (const file of SCANNED.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    const relative = path.relative(root, file).split(path.sep).join("/");
    if (/^app\/ui\/plain-/.test(relative)) continue; // the controls built from each other are covered by their users' cases
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const visit = (node: ts.Node) => {
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        const component = node.tagName.getText(source);
        if (components.has(component)) {
          const props: Record<string, PropValue> = {};
          for (const attribute of node.attributes.properties) {
            if (ts.isJsxSpreadAttribute(attribute)) props["..."] = "{…}";
            else props[attribute.name.getText(source)] = propValue(attribute.initializer);
          }
          const sorted = Object.fromEntries(Object.entries(props).sort(([a], [b]) => a.localeCompare(b)));
          const key = JSON.stringify([component, sorted]);
          const found = cases.get(key) ?? { component, props: sorted, usedIn: [] };
          if (!found.usedIn.includes(relative)) found.usedIn.push(relative);
          cases.set(key, found);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...cases.values()]
    .map((found) => ({ ...found, usedIn: found.usedIn.sort() }))
    .sort((a, b) => JSON.stringify([a.component, a.props]).localeCompare(JSON.stringify([b.component, b.props])));
}

export const renderCases = (cases: ParityCase[]) => `${JSON.stringify(cases, null, 2)}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const cases = collectCases();
  fs.writeFileSync(CASES_PATH, renderCases(cases));
  console.log(`wrote ${path.relative(process.cwd(), CASES_PATH)}: ${cases.length} cases`);
}
