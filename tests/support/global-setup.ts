import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { buildPgliteTemplate, buildPostgresTemplate, dropPostgresDatabase } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteTemplate: string;
  }
}

/** Runs once per integration project: builds the migrated template the test files copy. */
export default async function globalSetup(project: TestProject) {
  if (project.name.endsWith("postgres")) {
    const name = `farmanexo_tpl_${process.pid}`;
    await buildPostgresTemplate(name);
    project.provide("pgTemplate", name);
    project.provide("pgliteTemplate", "");
    return async () => dropPostgresDatabase(name);
  }
  const file = await buildPgliteTemplate();
  project.provide("pgTemplate", "");
  project.provide("pgliteTemplate", file);
  return async () => fs.rmSync(file, { force: true });
}
