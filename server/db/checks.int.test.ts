import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "#tests/support/databases";
import type { Database } from "./client";
import { mailOutbox } from "./schema";

/** Status columns refuse words outside their vocabulary (schema/checks.ts), on both databases. */
describe("status CHECK constraints", () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const message = { to: "a@example.com", subject: "s", html: "<p>h</p>", text: "t", kind: "test" };

  it("accepts a status of the vocabulary", async () => {
    await expect(database.db.insert(mailOutbox).values({ ...message, status: "sent" })).resolves.toBeDefined();
  });

  it("refuses one outside it", async () => {
    // @ts-expect-error: the point is a value TypeScript would not allow (raw SQL, a script, a bug).
    const insert = database.db.insert(mailOutbox).values({ ...message, status: "archived" });
    const error = await insert.then(
      () => null,
      (failure: Error & { cause?: unknown }) => failure,
    );
    // The CHECK constraint itself refused it (check_violation), not some other failure.
    const cause = (error?.cause ?? error) as { code?: string; message?: string } | null;
    expect(cause?.code).toBe("23514");
    expect(cause?.message).toContain("mail_outbox_status_check");
  });
});
