import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * Decision 0012: every operation the OpenAPI document marks as needing a session (a security
 * requirement without the anonymous `{}` alternative) answers 401 to an anonymous client whatever
 * the body — the session check runs before body validation. Derived from /api/openapi.json, so a
 * new signed-in operation is covered as soon as it declares SIGNED_IN.
 */
type Operation = { operationId?: string; security?: Array<Record<string, string[]>>; responses?: Record<string, unknown> };
type Spec = {
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string }>; schemas?: Record<string, unknown> };
};

const WRITE_METHODS = new Set(["post", "put", "patch", "delete"]);
const BODIES: Array<{ label: string; body?: BodyInit; type?: string }> = [
  { label: "no body" },
  { label: "an empty object", body: "{}", type: "application/json" },
  { label: "wrong types", body: JSON.stringify({ id: "x", email: 12, password: [], zonas: "todas" }), type: "application/json" },
  { label: "an array", body: "[1,2,3]", type: "application/json" },
  { label: "a form", body: "a=1&b=2", type: "application/x-www-form-urlencoded" },
];

let server: TestServer;
let spec: Spec;

beforeAll(async () => {
  server = await startTestServer();
  spec = await (await server.fetch("/api/openapi.json")).json();
});
afterAll(() => server?.close());

function signedInOperations() {
  const found: Array<{ method: string; path: string; operation: Operation }> = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const security = operation.security ?? [];
      if (security.length > 0 && !security.some((item) => Object.keys(item).length === 0)) found.push({ method, path, operation });
    }
  }
  return found;
}

describe("signed-in operations (OpenAPI security)", () => {
  it("declares the session cookie and bearer token schemes", () => {
    expect(spec.components?.securitySchemes?.cookieAuth?.type).toBe("apiKey");
    expect(spec.components?.securitySchemes?.bearerAuth?.type).toBe("http");
  });

  it("has one schema for a plain message", () => {
    expect(spec.components?.schemas?.Message).toBeDefined();
    expect(spec.components?.schemas?.Mensaje).toBeUndefined();
  });

  it("gives every operation an operationId, a security requirement and a 4xx response", () => {
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.operationId, where).toBeTruthy();
        expect(operation.security, where).toBeDefined();
        expect(
          Object.keys(operation.responses ?? {}).some((status) => /^4\d\d$/.test(status)),
          where,
        ).toBe(true);
      }
    }
  });

  it("answers 401 to anonymous writes whatever the body, from a browser and from an API client", async () => {
    const operations = signedInOperations().filter(({ method }) => WRITE_METHODS.has(method));
    // The user area, the jobs candidate and panel calls, chat and the portfolio at least.
    expect(operations.length).toBeGreaterThan(30);
    const browser = new BrowserClient(server);
    await browser.csrf();
    const failures: string[] = [];
    let sent = 0;
    for (const { method, path } of operations) {
      const url = `/api${path.replace(/\{[^}]+\}/g, "1")}`;
      for (const { label, body, type } of BODIES) {
        const headers: Record<string, string> = type ? { "Content-Type": type } : {};
        const fromBrowser = await browser.fetch(url, { method: method.toUpperCase(), body, headers });
        const fromApiClient = await server.fetch(url, { method: method.toUpperCase(), body, headers });
        sent += 2;
        if (fromBrowser.status !== 401) failures.push(`${method.toUpperCase()} ${path} with ${label} (browser): ${fromBrowser.status}`);
        if (fromApiClient.status !== 401)
          failures.push(`${method.toUpperCase()} ${path} with ${label} (API client): ${fromApiClient.status}`);
      }
    }
    console.log(`api-security: ${operations.length} signed-in write operations, ${sent} anonymous requests`);
    expect(failures).toEqual([]);
  });

  it("answers 401 to anonymous reads of signed-in operations", async () => {
    const failures: string[] = [];
    for (const { path } of signedInOperations().filter((item) => item.method === "get")) {
      const response = await server.fetch(`/api${path.replace(/\{[^}]+\}/g, "1")}`);
      if (response.status !== 401) failures.push(`GET ${path}: ${response.status}`);
    }
    expect(failures).toEqual([]);
  });
});
