import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { mailOutbox } from "#server/db/schema";
import { logBackgroundFailure } from "#server/platform/db-errors";
import type { Logger } from "#server/platform/logger";
import { NO_TRACER, type Tracer } from "#server/platform/telemetry/tracing";
import { withoutAddresses } from "./redact";
import type { MailTransport } from "./transport";

export type MailMessage = { to: string; subject: string; html: string; text: string; kind: string; headers?: Record<string, string> };

export type Mailer = {
  /**
   * Commits a message to the outbox. Pass the transaction of the change that causes the e-mail,
   * so both are stored or neither is. Delivery happens after commit, with retries.
   */
  enqueue(message: MailMessage, tx?: Db): Promise<void>;
  /** enqueue() for many messages in the caller's transaction: one INSERT per few hundred. */
  enqueueMany(messages: MailMessage[], tx: Db): Promise<void>;
  /** Delivers what is due now; returns how many were sent. The worker calls it on a timer. */
  deliverDue(): Promise<number>;
  /** The queue now: messages waiting and given up on, and how long the oldest has waited. */
  health(): Promise<OutboxHealth>;
  stop(): Promise<void>;
};

export type OutboxHealth = { pending: number; failed: number; oldestPendingAgeSeconds: number };

const MAX_ATTEMPTS = 10;
const BATCH = 20;
const ENQUEUE_CHUNK = 500;
const POLL_MS = 2000;

/** Back-off after the n-th failure: 30 s, 1 min, 2 min … capped at 1 h. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

export function createMailer(
  db: Db,
  transport: MailTransport,
  options: { from: string; logger: Logger; poll?: boolean; tracer?: Tracer },
): Mailer {
  const { logger } = options;
  const tracer = options.tracer ?? NO_TRACER;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function deliverBatch(): Promise<number> {
    // Claim due messages by pushing their next attempt forward; SKIP LOCKED lets several
    // instances share the queue without sending a message twice.
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, new Date())))
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now() + interval '5 minutes'`, attempts: sql`${mailOutbox.attempts} + 1` })
        .where(
          inArray(
            mailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });

    let sent = 0;
    for (const message of claimed) {
      try {
        // The span names the kind of message, never its address or subject.
        await tracer.inSpan("mail send", { "mail.kind": message.kind, "mail.attempt": message.attempts }, () =>
          transport.send({
            from: options.from,
            to: message.to,
            subject: message.subject,
            html: message.html,
            text: message.text,
            ...(message.headers ? { headers: message.headers } : {}),
          }),
        );
        await db.update(mailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, message.id));
        sent++;
      } catch (error) {
        const failed = message.attempts >= MAX_ATTEMPTS;
        const reason = error instanceof Error ? error.message : String(error);
        // The row keeps the server's whole answer for the operator; the log line, no address.
        logger.warn(
          { mailId: message.id, kind: message.kind, attempts: message.attempts, err: withoutAddresses(reason) },
          "mail delivery failed",
        );
        await db
          .update(mailOutbox)
          .set({
            status: failed ? "failed" : "pending",
            lastError: reason.slice(0, 500),
            nextAttemptAt: new Date(Date.now() + retryDelayMs(message.attempts)),
          })
          .where(eq(mailOutbox.id, message.id));
      }
    }
    return sent;
  }

  function deliverDue(): Promise<number> {
    // One delivery pass at a time per instance.
    running ??= deliverBatch().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped || options.poll === false) return;
    timer = setTimeout(() => {
      deliverDue()
        .catch((error) => logBackgroundFailure(logger, error, "mail worker pass failed"))
        .finally(schedule);
    }, POLL_MS);
    timer.unref();
  }
  schedule();

  return {
    async enqueue(message, tx) {
      await (tx ?? db).insert(mailOutbox).values(message);
      if (!tx && !stopped) void deliverDue().catch(() => {}); // try at once; the timer retries
    },
    async enqueueMany(messages, tx) {
      // Rendered e-mails are large: a few hundred rows keep one INSERT's text to a few megabytes.
      for (let start = 0; start < messages.length; start += ENQUEUE_CHUNK) {
        await tx.insert(mailOutbox).values(messages.slice(start, start + ENQUEUE_CHUNK));
      }
    },
    deliverDue,
    async health() {
      // Both statuses through mail_outbox_due_idx; sent messages (the many) are not read.
      const [row] = await db
        .select({
          pending: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')`.mapWith(Number),
          oldest: sql<
            number | null
          >`extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} = 'pending'))`.mapWith((value) =>
            value === null ? null : Number(value),
          ),
        })
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, ["pending", "failed"]));
      return { pending: row?.pending ?? 0, failed: row?.failed ?? 0, oldestPendingAgeSeconds: Math.max(0, Math.round(row?.oldest ?? 0)) };
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
      transport.close();
    },
  };
}
