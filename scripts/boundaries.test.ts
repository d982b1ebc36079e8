import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { cruise, type IConfiguration, type IReporterOutput } from "dependency-cruiser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The import boundaries of decision 0012 run by `npm run lint` (.dependency-cruiser.cjs), tried on a
// small project of their own so each rule is shown to fail on the import it exists to stop.
const config: IConfiguration = createRequire(import.meta.url)(path.resolve(".dependency-cruiser.cjs"));

const FILES: Record<string, string> = {
  "tsconfig.json": JSON.stringify({
    compilerOptions: { paths: { "#app/*": ["./app/*"], "#server/*": ["./server/*"], "#common/*": ["./common/*"] } },
  }),
  "server/platform/errors.ts": "export class AppError extends Error {}\n",
  "server/jobs/index.ts": 'export { findOffers } from "./offers.service";\n',
  "server/jobs/offers.service.ts": "export const findOffers = () => [];\n",
  "server/jobs/types.ts": "export type Offer = { id: number };\n",
  "server/accounts/index.ts": "export const hasRole = () => true;\n",
  "server/seo/index.ts": "export const sitemapHandler = () => null;\n",
  "server/admin/index.ts": "export const seedBackofficeDemo = () => undefined;\n",
  "common/jobs.ts": "export const LIMIT = 10;\n",
  "app/ui/plain-button.tsx": "export const PlainButton = () => null;\n",
  "app/ui/parity-markup.tsx": 'export const markup = () => "";\n',
  // Allowed: a listed importer of the plain controls (decision 0063), and their parity test.
  "app/ui/not-found.tsx": 'import { PlainButton } from "./plain-button";\nexport const b = PlainButton;\n',
  "app/ui/plain-mantine.test.tsx":
    'import { markup } from "./parity-markup";\nimport { PlainButton } from "./plain-button";\nexport const m = [markup, PlainButton];\n',
  "app/features/jobs/offer-card.tsx": "export const OfferCard = () => null;\n",
  "app/ui/grid.tsx": "export const Grid = () => null;\n",
  "app/lib/format.ts": 'export const formatDate = () => "";\n',
  // Allowed: an area through another's index, app/*.server.ts through an index, types from the server.
  "server/news/uses-jobs.ts": 'import { findOffers } from "#server/jobs";\nexport const x = findOffers;\n',
  "app/routes/jobs/page.server.ts": 'import { findOffers } from "#server/jobs";\nexport const load = findOffers;\n',
  // Allowed: an area's components use app/ui and app/lib; a page uses any area's components.
  "app/features/news/card.tsx":
    'import { formatDate } from "#app/lib/format";\nimport { Grid } from "#app/ui/grid";\nexport const c = [formatDate, Grid];\n',
  "app/routes/news/page.tsx": 'import { OfferCard } from "#app/features/jobs/offer-card";\nexport const c = OfferCard;\n',
  "app/routes/jobs/page.tsx":
    'import type { Offer } from "#server/jobs";\nimport { load } from "./page.server";\nexport type T = Offer;\nexport const l = load;\n',
};

// `partner`: the other file of a cycle, written with it (the rule reports the cycle from both ends).
const VIOLATIONS: Record<string, { source: string; rule: string; partner?: [string, string] }> = {
  "app/routes/jobs/bad-runtime.tsx": {
    source: 'import { AppError } from "#server/platform/errors";\nexport const e = AppError;\n',
    rule: "browser-bundle-imports-server",
  },
  "app/routes/jobs/bad-deep.server.ts": {
    source: 'import { findOffers } from "#server/jobs/offers.service";\nexport const f = findOffers;\n',
    rule: "area-reached-past-its-index",
  },
  "server/news/bad-deep.ts": {
    source: 'import type { Offer } from "#server/jobs/types";\nexport type O = Offer;\n',
    rule: "area-reaches-other-area-past-its-index",
  },
  "server/accounts/bad-other-area.ts": {
    source: 'import { findOffers } from "#server/jobs";\nexport const f = findOffers;\n',
    rule: "accounts-imports-other-area",
  },
  "server/news/bad-seo.ts": {
    source: 'import { sitemapHandler } from "#server/seo";\nexport const s = sitemapHandler;\n',
    rule: "area-imports-seo",
  },
  "server/news/bad-admin.ts": {
    source: 'import { seedBackofficeDemo } from "#server/admin";\nexport const s = seedBackofficeDemo;\n',
    rule: "area-imports-admin",
  },
  "server/platform/bad-area.ts": {
    source: 'import { hasRole } from "#server/accounts";\nexport const h = hasRole;\n',
    rule: "platform-imports-area",
  },
  "app/features/jobs/bad-plain.tsx": {
    source: 'import { PlainButton } from "#app/ui/plain-button";\nexport const b = PlainButton;\n',
    rule: "plain-mantine-importer-not-listed",
  },
  "app/ui/bad-parity.tsx": {
    source: 'import { markup } from "./parity-markup";\nexport const m = markup;\n',
    rule: "parity-markup-outside-tests",
  },
  "app/ui/bad-area.tsx": {
    source: 'import { OfferCard } from "#app/features/jobs/offer-card";\nexport const c = OfferCard;\n',
    rule: "ui-imports-area-or-page",
  },
  "app/features/news/bad-other-feature.tsx": {
    source: 'import { OfferCard } from "#app/features/jobs/offer-card";\nexport const c = OfferCard;\n',
    rule: "feature-imports-other-feature",
  },
  "app/ui/bad-cycle.tsx": {
    source: 'import type { Shell } from "#app/ui/bad-cycle-shell";\nexport type S = Shell;\n',
    rule: "app-import-cycle",
    partner: ["app/ui/bad-cycle-shell.tsx", 'import type { S } from "#app/ui/bad-cycle";\nexport type Shell = { s?: S };\n'],
  },
  "server/chat/index.ts": {
    source: 'import { feedbackOf } from "#server/feedback";\nexport const unread = () => feedbackOf;\n',
    rule: "area-import-cycle",
    partner: ["server/feedback/index.ts", 'import { unread } from "#server/chat";\nexport const feedbackOf = () => unread;\n'],
  },
  "server/platform/bad-hub.ts": {
    source: 'import type { Part } from "#server/platform/bad-part";\nexport type Hub = { part: Part };\n',
    rule: "server-import-cycle",
    partner: ["server/platform/bad-part.ts", 'import type { Hub } from "#server/platform/bad-hub";\nexport type Part = { hub?: Hub };\n'],
  },
  "common/bad-side.ts": {
    source: 'import { findOffers } from "#server/jobs";\nexport const f = findOffers;\n',
    rule: "common-imports-a-side",
  },
};

let dir: string;

async function violationsOf(files: string[]) {
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    const result = (await cruise(files, { ...config.options, ruleSet: { forbidden: config.forbidden }, validate: true }, undefined, {
      tsConfig: { fileName: "tsconfig.json" },
    })) as IReporterOutput;
    if (typeof result.output === "string") throw new Error(result.output);
    return result.output.summary.violations.map((v) => ({ from: v.from, to: v.to, rule: v.rule.name }));
  } finally {
    process.chdir(cwd);
  }
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-boundaries-"));
  const all = {
    ...FILES,
    ...Object.fromEntries(Object.entries(VIOLATIONS).map(([file, v]) => [file, v.source])),
    ...Object.fromEntries(Object.values(VIOLATIONS).flatMap((v) => (v.partner ? [v.partner] : []))),
  };
  for (const [file, source] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("import boundaries (npm run lint)", () => {
  it("pass the imports decision 0012 allows", async () => {
    expect(
      await violationsOf([
        "app/routes/jobs/page.tsx",
        "server/news/uses-jobs.ts",
        "app/features/news/card.tsx",
        "app/routes/news/page.tsx",
        "app/ui/not-found.tsx",
        "app/ui/plain-mantine.test.tsx",
      ]),
    ).toEqual([]);
  });

  for (const [file, { rule, partner }] of Object.entries(VIOLATIONS)) {
    it(`fail ${file} with ${rule}`, async () => {
      const found = await violationsOf([file]);
      expect(found.map((v) => v.rule)).toContain(rule);
      expect(found.every((v) => v.from === file || v.from === partner?.[0])).toBe(true);
    });
  }
});
