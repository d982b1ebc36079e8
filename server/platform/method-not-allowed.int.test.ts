import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let paths: Record<string, Record<string, unknown>>;
beforeAll(async () => {
  server = await startTestServer();
  paths = ((await (await server.fetch("/api/openapi.json")).json()) as { paths: typeof paths }).paths;
});
afterAll(() => server?.close());

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const templateMatches = (template: string, path: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path);

/** The methods the document gives an address: those of every documented path it matches, HEAD with GET. */
function documentedMethods(address: string): string[] {
  const methods = new Set<string>();
  for (const [template, item] of Object.entries(paths)) {
    if (templateMatches(template, address)) for (const method of Object.keys(item)) methods.add(method.toUpperCase());
  }
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}

describe("an API address asked with a method it does not have", () => {
  it("answers 405 with an Allow header listing the documented methods, for every path of the document", async () => {
    const wrong: string[] = [];
    for (const template of Object.keys(paths)) {
      const address = template.replace(/\{[^}]+\}/g, "1");
      const allowed = documentedMethods(address);
      const method = METHODS.find((m) => !allowed.includes(m));
      if (!method) continue;
      const response = await server.fetch(`/api${address}`, { method });
      const body = (await response.json()) as { code?: string; message?: string };
      if (response.status !== 405 || response.headers.get("allow") !== allowed.join(", ") || body.code !== "METHOD_NOT_ALLOWED")
        wrong.push(`${method} ${address}: ${response.status} Allow=${response.headers.get("allow")} (expected ${allowed.join(", ")})`);
    }
    expect(wrong).toEqual([]);
  });

  it("says so in Spanish and lists GET, HEAD, PUT and DELETE for a portfolio entry asked with PATCH", async () => {
    const response = await server.fetch("/api/visita/cartera/5", { method: "PATCH" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("DELETE, GET, HEAD, PUT");
    expect(await response.json()).toEqual({ code: "METHOD_NOT_ALLOWED", message: "Esta dirección de la API no admite ese método." });
  });

  it("answers 405 before the CSRF check: a browser without its token gets 405 where a route would give 419", async () => {
    const headers = { Cookie: "farmanexo_session=1|caducada", Origin: server.url };
    expect((await server.fetch("/api/logout", { method: "POST", headers })).status).toBe(419);
    const response = await server.fetch("/api/paises", { method: "DELETE", headers });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  it("still answers 404 for an address the API does not have, whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await server.fetch("/api/no-existe/1", { method });
      expect(response.status, method).toBe(404);
      expect(response.headers.get("allow"), method).toBeNull();
    }
  });
});
