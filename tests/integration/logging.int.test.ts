import { Socket } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "#server/platform/logger";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 8 #4: logs carry no personal data, page-loader errors are one JSON line, and a request the
// client abandoned is logged as such, not as a 500.
const lines: string[] = [];
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
let server: TestServer;

beforeAll(async () => {
  const logger = createLogger("info", { write: (line: string) => void lines.push(line.trimEnd()) });
  server = await startTestServer({}, { logger });
});
afterAll(() => server?.close());
beforeEach(() => {
  lines.length = 0;
});

const PERSONAL = "maria.secreta@example.com";

describe("logs", () => {
  it("a failed query is logged without its parameters", async () => {
    await server.ctx.db.execute(sql`ALTER TABLE rate_limits RENAME TO rate_limits_hidden`);
    try {
      const response = await server.fetch("/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: PERSONAL, password: "Cualquier-cosa-1" }),
      });
      expect(response.status).toBe(500);
    } finally {
      await server.ctx.db.execute(sql`ALTER TABLE rate_limits_hidden RENAME TO rate_limits`);
    }
    expect(lines.join("\n")).not.toContain("maria.secreta");
    const failure = entries().find((entry) => entry.msg === "unhandled error") as { err: Record<string, unknown> } | undefined;
    expect(failure?.err.code).toBe("42P01");
    expect(String(failure?.err.query)).toContain("rate_limits");
  });

  it("a page loader error is one JSON line, without the visitor's search", async () => {
    const consoleError = vi.spyOn(console, "error");
    await server.ctx.db.execute(sql`ALTER TABLE ofertas RENAME TO ofertas_hidden`);
    try {
      const response = await server.fetch(`/app/empleo/p/espana?q=${encodeURIComponent(PERSONAL)}`);
      expect(response.status).toBe(500);
      await response.text();
    } finally {
      await server.ctx.db.execute(sql`ALTER TABLE ofertas_hidden RENAME TO ofertas`);
    }
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    for (const line of lines) expect(line).toMatch(/^\{.*\}$/);
    expect(entries().some((entry) => entry.msg === "page loader error")).toBe(true);
    expect(lines.filter((line) => line.includes("maria.secreta")).every((line) => JSON.parse(line).msg === "request")).toBe(true);
  });

  it("a request the client abandoned is logged as aborted, not as a server error", async () => {
    const { port } = new URL(server.url);
    // Hold the listing's table so the request is still in flight when the client leaves.
    await server.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE ofertas IN ACCESS EXCLUSIVE MODE`);
      const socket = new Socket();
      await new Promise<void>((resolve) => socket.connect(Number(port), "127.0.0.1", resolve));
      socket.write(`GET /app/empleo/p/espana HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/html\r\n\r\n`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    await vi.waitFor(() => expect(entries().some((entry) => entry.msg === "request aborted by client")).toBe(true), { timeout: 5000 });
    const aborted = entries().find((entry) => entry.msg === "request aborted by client");
    expect(aborted).toMatchObject({ status: 499, aborted: true, path: "/app/empleo/p/espana", level: 30 });
    expect(entries().filter((entry) => Number(entry.level) >= 50)).toEqual([]);
  });
});
