import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIRST_LOAD_BUDGET_KB, firstLoadWeights, formatWeights } from "./bundle-size";

/**
 * Issue 10 asks for ≤ 150 KB gzip of first-load JavaScript on public pages. After the features of
 * issues 26–31 the pages weigh 144–156 KB, so decision 0096 raises the budget to 158 KB for now,
 * with the figures and what must be cut to come back under 150. `npm run bundle-size` shows each page against it. Reads the production
 * build (npm test builds first); skipped in a local checkout without one, never in CI (CI=true),
 * where a missing build fails instead of passing silently.
 */
const CEILING_KB = FIRST_LOAD_BUDGET_KB;
/** All of @mantine/core/styles.css was 37 KB gzip of every page's CSS; per component, ~20 KB (decision 0041). */
const CSS_CEILING_KB = 25;
/**
 * Before the shell and public chunks (decision 0050) a public page preloaded 38–65 files. Public
 * pages now load 7–18 (the product page 18 since decision 0096, the sign-in page 12).
 */
const FILES_CEILING = 18;
const built = fs.existsSync(path.resolve(process.env.BUILD_DIR ?? "build", "client/assets"));
const skip = !built && process.env.CI !== "true";

describe("first-load JavaScript of public pages", () => {
  it.skipIf(skip)(`stays within the ${CEILING_KB} KB gzip budget on every public page`, () => {
    const weights = firstLoadWeights();
    const over = weights.filter((w) => w.gzipKB > CEILING_KB);
    expect(over, formatWeights(weights)).toEqual([]);
  });

  it.skipIf(skip)(`links under ${CSS_CEILING_KB} KB gzip of render-blocking CSS on every public page`, () => {
    const weights = firstLoadWeights();
    const over = weights.filter((w) => w.cssGzipKB > CSS_CEILING_KB);
    expect(over, formatWeights(weights)).toEqual([]);
  });

  it.skipIf(skip)(`preloads at most ${FILES_CEILING} JavaScript files on every public page`, () => {
    const weights = firstLoadWeights();
    const over = weights.filter((w) => w.files > FILES_CEILING);
    expect(over, formatWeights(weights)).toEqual([]);
  });
});
