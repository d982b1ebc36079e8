import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createUser } from "./factories";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "./session";

// Issue 8 #7 (decision 0023): the session cookie's name, the XSRF token tied to the session, writes
// that do not say where they come from, and what caches may keep for a signed-in visitor.
let server: TestServer;
let https: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Served over HTTPS behind a proxy: APP_URL decides the cookie's name and flags.
  https = await startTestServer({ APP_URL: "https://farmanexo.example" });
});
afterAll(async () => {
  await server?.close();
  await https?.close();
});

const signIn = async (target: TestServer) => {
  const user = await createUser(target.ctx.db);
  const client = new BrowserClient(target);
  const response = await client.json("/api/login", { email: user.email, password: user.password });
  expect(response.status).toBe(200);
  return { user, client, setCookies: response.headers.getSetCookie() };
};

const xsrfWrite = (target: TestServer, cookies: string, token: string | undefined) =>
  target.fetch("/api/logout", {
    method: "POST",
    headers: { Origin: target.url, Cookie: cookies, "X-XSRF-TOKEN": decodeURIComponent(token ?? "") },
  });

describe("session cookie name", () => {
  it("is plain on HTTP and takes the __Host- prefix (Secure, Path=/, no Domain) on HTTPS", async () => {
    const plain = await signIn(server);
    expect(plain.setCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBeDefined();

    const secure = await signIn(https);
    const line = secure.setCookies.find((l) => l.startsWith(`${SECURE_SESSION_COOKIE}=`)) ?? "";
    expect(line).toMatch(/; Secure/i);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).not.toMatch(/Domain=/i);
    expect((await secure.client.get("/api/user")).status).toBe(200);
    // The same token under the plain name is not a session there: it could have been planted.
    const token = secure.client.cookies.get(SECURE_SESSION_COOKIE) ?? "";
    const planted = await https.fetch("/api/user", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(planted.status).toBe(401);
  });
});

describe("XSRF token", () => {
  it("is replaced at login, and the one from before login no longer works", async () => {
    const user = await createUser(server.ctx.db);
    const client = new BrowserClient(server);
    await client.csrf();
    const before = client.cookies.get("XSRF-TOKEN");
    await client.json("/api/login", { email: user.email, password: user.password });
    const after = client.cookies.get("XSRF-TOKEN");
    expect(after).toBeDefined();
    expect(after).not.toBe(before);

    const session = `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}`;
    const stale = await xsrfWrite(server, `${session}; XSRF-TOKEN=${before}`, before);
    expect(stale.status).toBe(419);
    expect((await stale.json()).message).toBe("La sesión de la página ha caducado. Recarga la página e inténtalo de nuevo.");
    expect((await client.get("/api/user")).status).toBe(200);
  });

  it("is good for its own session only", async () => {
    const a = await signIn(server);
    const b = await signIn(server);
    const tokenOfA = a.client.cookies.get("XSRF-TOKEN");
    const cookiesOfB = `${SESSION_COOKIE}=${b.client.cookies.get(SESSION_COOKIE)}; XSRF-TOKEN=${tokenOfA}`;
    expect((await xsrfWrite(server, cookiesOfB, tokenOfA)).status).toBe(419);
    expect((await b.client.get("/api/user")).status).toBe(200);
  });

  it("is replaced at logout; the signed-in one stops working", async () => {
    const { client } = await signIn(server);
    const signedIn = client.cookies.get("XSRF-TOKEN");
    expect((await client.fetch("/api/logout", { method: "POST" })).status).toBe(204);
    const anonymous = client.cookies.get("XSRF-TOKEN");
    expect(anonymous).toBeDefined();
    expect(anonymous).not.toBe(signedIn);
    // The next login from this browser works with the token logout gave it.
    const user = await createUser(server.ctx.db);
    expect((await client.json("/api/login", { email: user.email, password: user.password })).status).toBe(200);
    // A write still carrying the ended session's token is refused.
    expect((await xsrfWrite(server, `XSRF-TOKEN=${signedIn}`, signedIn)).status).toBe(419);
  });
});

describe("a write with the session cookie and neither Origin nor Referer", () => {
  it("is refused with 403 and a Spanish message, on the API and on pages", async () => {
    const { client } = await signIn(server);
    const headers = { Cookie: client.cookieHeader(), "X-XSRF-TOKEN": decodeURIComponent(client.cookies.get("XSRF-TOKEN") ?? "") };
    for (const path of ["/api/logout", "/app/empleo/guardadas"]) {
      const response = await server.fetch(path, { method: "POST", headers });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        message: "Petición rechazada: una petición con tu sesión debe indicar su origen (cabecera Origin o Referer).",
        code: "FORBIDDEN",
      });
    }
    expect((await client.get("/api/user")).status).toBe(200);
    // A Referer from this site is enough.
    const withReferer = await server.fetch("/api/logout", { method: "POST", headers: { ...headers, Referer: `${server.url}/app/cuenta` } });
    expect(withReferer.status).toBe(204);
  });
});

describe("caching of signed-in responses", () => {
  it("signed-in pages, their .data and the API answer private, no-store", async () => {
    const { client } = await signIn(server);
    for (const path of ["/app/cuenta", "/app/cuenta.data", "/app/empleo/p/espana", "/app/empleo/p/espana.data", "/api/user"]) {
      const response = await client.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });
});
