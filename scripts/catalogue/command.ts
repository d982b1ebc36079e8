// What every catalogue command shares: its app context, the --replace-demo step and the exit.
import { closeAppContext, createAppContext } from "#server/boot";
import { type Config, ConfigError, loadConfig } from "#server/config";
import type { AppContext } from "#server/context";
import { removeDemoCatalogue } from "#server/visita";

/**
 * Runs a command on the configured database: the configuration from the environment (exit 2 with
 * its message when it is wrong), without the demo seed, mail polling or info logs; the context is
 * closed and the process exits with the code `run` returns.
 */
export async function runCatalogueCommand(run: (ctx: AppContext, config: Config) => Promise<number>): Promise<never> {
  let config: Config;
  try {
    config = { ...loadConfig(), seedDemo: false, logLevel: "warn" };
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  }
  const ctx = await createAppContext(config, { mailPolling: false });
  let code = 1;
  try {
    code = await run(ctx, config);
  } finally {
    await closeAppContext(ctx);
  }
  process.exit(code);
}

/** `--replace-demo`: once the register is loaded, the demo catalogue goes (decision 0079). */
export async function replaceDemoIfAsked(ctx: AppContext, args: string[]): Promise<void> {
  if (!args.includes("--replace-demo")) return;
  const removed = await removeDemoCatalogue(ctx);
  console.log(`Catálogo de demostración retirado: ${removed.products} productos y ${removed.laboratories} laboratorios.`);
}
