import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { type InstanceReport, serverInstances } from "#server/db/schema";
import { startBackgroundLoop, stopBackgroundLoop } from "#server/platform/background-loop";
import type { Logger } from "#server/platform/logger";
import type { InstanceSources } from "./sources";

type HeartbeatCtx = { db: Db; logger: Logger };

const HEARTBEAT_MS = 30_000;
/** Rows of instances not seen for this long are deleted (a week of restarts stays visible). */
const FORGET_AFTER = "7 days";

/** The version an instance runs: APP_VERSION (a release tag, a commit) or package.json's. */
export function appVersion(): string {
  if (process.env.APP_VERSION) return process.env.APP_VERSION.slice(0, 40);
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { version?: string };
    return pkg.version ?? "desconocida";
  } catch {
    return "desconocida";
  }
}

export function instanceReport(sources: InstanceSources): InstanceReport {
  return {
    pageCache: sources.pageCache(),
    jobs: sources.loops().map(({ name, intervalMs, lastRunAt, lastSuccessAt, lastFailureAt, failures }) => ({
      name,
      intervalMs,
      lastRunAt,
      lastSuccessAt,
      lastFailureAt,
      failures,
    })),
    websockets: sources.websockets().connections,
    pool: sources.pool() ?? null,
    listen: sources.listenState(),
  };
}

/**
 * Every 30 s this instance writes what it knows about itself into server_instances, so that the
 * operator's dashboard, on whichever instance serves it, sees every instance (decision 0099).
 */
export function startHeartbeat(ctx: HeartbeatCtx, instanceId: string, sources: InstanceSources): void {
  const startedAt = new Date();
  const identity = { id: instanceId, version: appVersion(), hostname: os.hostname().slice(0, 255), pid: process.pid, startedAt };
  startBackgroundLoop(ctx, "heartbeat", { firstRunMs: 0, intervalMs: HEARTBEAT_MS, failure: "instance heartbeat failed" }, async () => {
    const report = instanceReport(sources);
    await ctx.db
      .insert(serverInstances)
      .values({ ...identity, report })
      .onConflictDoUpdate({ target: serverInstances.id, set: { report, lastSeenAt: sql`now()`, stoppedAt: null } });
    await ctx.db.delete(serverInstances).where(lt(serverInstances.lastSeenAt, sql`now() - ${FORGET_AFTER}::interval`));
  });
}

/** Stops the heartbeat and marks the instance stopped (before the database closes). */
export async function stopHeartbeat(ctx: HeartbeatCtx, instanceId: string, sources: InstanceSources): Promise<void> {
  await stopBackgroundLoop(ctx, "heartbeat");
  await ctx.db
    .update(serverInstances)
    .set({ stoppedAt: sql`now()`, lastSeenAt: sql`now()`, report: instanceReport(sources) })
    .where(eq(serverInstances.id, instanceId))
    .catch((error) => ctx.logger.warn({ err: error }, "instance heartbeat: could not record the stop"));
}
