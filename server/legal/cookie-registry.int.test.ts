import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRegistered } from "#common/legal/cookie-registry";
import { createUser, DEFAULT_TEST_PASSWORD } from "#server/accounts/factories";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** The names of the cookies a response sets. */
const setCookieNames = (response: Response) => response.headers.getSetCookie().map((line) => line.slice(0, line.indexOf("=")).trim());

describe("the cookie registry (issue 27)", () => {
  it("lists every cookie the server sets on pages and API answers, from a first visit to signing out", async () => {
    const seen = new Set<string>();
    const client = new BrowserClient(server);
    const visit = async (response: Promise<Response>) => {
      const answer = await response;
      for (const name of setCookieNames(answer)) seen.add(name);
      return answer;
    };
    const page = (path: string) => client.fetch(path, { headers: { Accept: "text/html" } });
    await visit(page("/app"));
    await visit(page("/app/empleo/p/espana"));
    await visit(page("/app/visita"));
    await visit(page("/app/auth/login"));
    await visit(client.fetch("/sanctum/csrf-cookie"));
    await visit(client.json("/api/is-profesional-sanitario", { is_profesional_sanitario: 1 }, "PUT"));
    const user = await createUser(server.ctx.db);
    const login = await visit(client.json("/api/login", { email: user.email, password: DEFAULT_TEST_PASSWORD }));
    expect(login.status).toBe(200);
    await visit(page("/app/cuenta"));
    await visit(page("/app/chat"));
    await visit(client.json("/api/logout", {}));
    // The walk did reach the cookies that matter (a walk that set nothing would prove nothing).
    expect([...seen]).toEqual(expect.arrayContaining(["XSRF-TOKEN", "logged", "farmanexo_device", "profesional_sanitario"]));
    expect([...seen].some((name) => name.endsWith("farmanexo_session"))).toBe(true);
    const undocumented = [...seen].filter((name) => !isRegistered(name, "cookie"));
    expect(undocumented, "cookies set but missing from common/legal/cookie-registry.ts").toEqual([]);
  });
});
