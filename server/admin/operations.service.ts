import { desc, sql } from "drizzle-orm";
import { assertCan, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { chatReports, feedback, productRevisions, professionalVerifications, serverInstances } from "#server/db/schema";
import { loopLagMs } from "#server/platform/background-loop";

/** Instances seen within this long count as running; older rows are shown as gone. */
const ALIVE_MS = 90_000;

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
  const [reports, feedbackNew, proposals, verifications, outbox, instances, [size], storage] = await Promise.all([
    count(chatReports, "pendiente"),
    count(feedback, "nuevo"),
    count(productRevisions, "pendiente"),
    count(professionalVerifications, "pendiente"),
    ctx.mailer.health(),
    ctx.db.select().from(serverInstances).orderBy(desc(serverInstances.lastSeenAt)).limit(20),
    ctx.db.select({ bytes: sql<number>`pg_database_size(current_database())`.mapWith(Number) }).from(sql`(select 1) as one`),
    // The directory or the bucket's prefix, measured every few minutes in the background, never per view.
    ctx.storage.usage(),
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
    storage: { kind: ctx.storage.kind, ...storage },
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
