import type { TestProject } from "vitest/node";
import { buildPgliteTemplate, buildPostgresTemplate, dropPostgresDatabase } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

/** Runs once per integration project: builds the migrated template the test files copy. */
export default async function globalSetup(project: TestProject) {
  if (project.name.endsWith("postgres")) {
    const name = `farmanexo_tpl_${process.pid}`;
    await buildPostgresTemplate(name);
    project.provide("pgTemplate", name);
    return async () => dropPostgresDatabase(name);
  }
  await buildPgliteTemplate();
  project.provide("pgTemplate", "");
  return undefined;
}
