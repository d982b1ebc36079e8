import fs from "node:fs/promises";
import path from "node:path";
import { desc, sql } from "drizzle-orm";
import { assertCan, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { chatReports, feedback, productRevisions, professionalVerifications, serverInstances } from "#server/db/schema";
import { loopLagMs } from "#server/platform/background-loop";

/** Instances seen within this long count as running; older rows are shown as gone. */
const ALIVE_MS = 90_000;

async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await directoryBytes(full);
    else if (entry.isFile()) total += (await fs.stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/**
 * The operator's dashboard (decision 0099): pending work per queue, the outbox, every instance's
 * last heartbeat (version, start, jobs, page cache) and the sizes of the database and the uploads.
 * Read from the same sources as the metrics; administrators only.
 */
export async function operationsOverview(ctx: AppContext, user: SessionUser | null) {
  assertCan(user, "administration");
  const count = (
    table: typeof chatReports | typeof feedback | typeof productRevisions | typeof professionalVerifications,
    status: string,
  ) =>
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table)
      .where(sql`${table.status} = ${status}`)
      .then(([row]) => row?.n ?? 0);
  const [reports, feedbackNew, proposals, verifications, outbox, instances, [size]] = await Promise.all([
    count(chatReports, "pendiente"),
    count(feedback, "nuevo"),
    count(productRevisions, "pendiente"),
    count(professionalVerifications, "pendiente"),
    ctx.mailer.health(),
    ctx.db.select().from(serverInstances).orderBy(desc(serverInstances.lastSeenAt)).limit(20),
    ctx.db.select({ bytes: sql<number>`pg_database_size(current_database())`.mapWith(Number) }).from(sql`(select 1) as one`),
  ]);
  const now = Date.now();
  return {
    queues: [
      { key: "proposals", label: "Propuestas del catálogo", pending: proposals, to: "admin-revisiones" as const },
      { key: "reports", label: "Denuncias del chat", pending: reports, to: "admin-denuncias" as const },
      { key: "feedback", label: "Opiniones nuevas", pending: feedbackNew, to: "admin-opiniones" as const },
      { key: "verifications", label: "Verificaciones de profesionales", pending: verifications, to: "admin-profesionales" as const },
    ],
    outbox,
    databaseBytes: size?.bytes ?? 0,
    // Uploads on disk are measured; a bucket is not listed from a page (it may hold millions of objects).
    storage: ctx.config.s3
      ? { kind: "s3" as const, bytes: null }
      : { kind: "local" as const, bytes: await directoryBytes(path.join(ctx.config.dataDir, "uploads")) },
    instances: instances.map((row) => {
      const { hits, misses } = row.report.pageCache;
      return {
        id: row.id,
        version: row.version,
        hostname: row.hostname,
        startedAt: row.startedAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        running: !row.stoppedAt && now - row.lastSeenAt.getTime() < ALIVE_MS,
        hitRate: hits + misses > 0 ? hits / (hits + misses) : null,
        cacheBytes: row.report.pageCache.bytes,
        websockets: row.report.websockets,
        jobs: row.report.jobs.map((job) => ({
          name: job.name,
          lastRunAt: job.lastRunAt === null ? null : new Date(job.lastRunAt).toISOString(),
          lastSuccessAt: job.lastSuccessAt === null ? null : new Date(job.lastSuccessAt).toISOString(),
          failures: job.failures,
          late: loopLagMs({ ...job, startedAt: row.startedAt.getTime(), runs: 0 }, row.lastSeenAt.getTime()) > 0,
        })),
      };
    }),
  };
}
