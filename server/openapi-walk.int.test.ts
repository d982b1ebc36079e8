import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, DEMO_PASSWORD } from "#server/accounts";
import { users } from "#server/db/schema";
import { createRng } from "#server/jobs";
import { createProduct } from "#tests/factories/visita";
import { BrowserClient, bearerTokenFor } from "#tests/support/browser-client";
import { checkResponse, type Finding } from "#tests/support/openapi-walk/check";
import { inlineRefs, resolver, type Schema } from "#tests/support/openapi-walk/generate";
import { type Operation, operationsOf, requestFor, type WalkRequest } from "#tests/support/openapi-walk/requests";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// A property-based walk of GET /api/openapi.json, what schemathesis would run (it cannot be installed
// here): for every operation, valid and invalid requests drawn from its parameter and body schemas,
// sent anonymously and with a demo user's bearer token to a real server on the demo data. Every
// answer must be no 5xx, a status the operation documents, a documented content type, and a body
// that matches the documented schema for that status.

const SEED = 20261128;
const VALID_CASES = 2;
const INVALID_CASES = 3;

/** Operations that would end the walk's own session or account: each case gets a throwaway user. */
const DESTRUCTIVE = new Set(["POST /logout", "DELETE /user", "PUT /user/password", "DELETE /user/sessions/{id}"]);
/**
 * The figures beacons take no CSRF token and answer before the origin check (decision 0125): they can
 * only add to aggregate counters, and a foreign Origin is answered the same but not counted. They
 * answer their documented status instead of 403/419.
 */
const CSRF_EXEMPT = new Set(["POST /visita/estadisticas/eventos", "POST /empleo/ofertas/{id}/vistas"]);

/** Findings accepted, each with its reason; matched on operation, check and status. */
const DOCUMENTED_EXCEPTIONS: Array<{ operation: string; check: Finding["check"]; status: number; reason: string }> = [
  {
    operation: "POST /register/google",
    check: "server error",
    status: 503,
    reason: "Google sign-in is not configured on the test server (no GOOGLE_CLIENT_ID): the documented 503, not a fault",
  },
];

type Outcome = { operation: string; identity: string; request: WalkRequest; status: number; findings: Finding[] };

let server: TestServer;
let operations: Operation[];
let demoToken: string;

beforeAll(async () => {
  // The academy is configured so that its redirect is exercised for real, not answered 503 as unconfigured.
  server = await startTestServer({
    SEED_DEMO: "true",
    ACADEMIA_URL: "https://academia.example/entrar",
    ACADEMIA_SECRET: "a-test-secret-for-the-academy-redirect-32",
  });
  const document = (await (await server.fetch("/api/openapi.json")).json()) as Schema;
  operations = operationsOf(inlineRefs(document, resolver(document)) as Schema);
  const login = await server.fetch("/api/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "demo-visita@farmanexo.test", password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  demoToken = ((await login.json()) as { access_token: string }).access_token;
}, 120_000);
afterAll(() => server?.close());

async function send(request: WalkRequest, token?: string): Promise<Response> {
  const headers = { ...request.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  return server.fetch(request.path, { method: request.method, headers, body: request.body, signal: AbortSignal.timeout(20_000) });
}

const isAccepted = (outcome: Outcome, finding: Finding) =>
  DOCUMENTED_EXCEPTIONS.some((e) => e.operation === outcome.operation && e.check === finding.check && e.status === outcome.status);

describe("property-based walk of the OpenAPI document", () => {
  it("answers every generated request with a documented status, content type and body, and never a 5xx", async () => {
    const random = createRng(SEED);
    const ordered = [...operations.filter((op) => !DESTRUCTIVE.has(op.name)), ...operations.filter((op) => DESTRUCTIVE.has(op.name))];
    const outcomes: Outcome[] = [];
    for (const operation of ordered) {
      for (const identity of ["anonymous", "bearer"] as const) {
        for (let i = 0; i < VALID_CASES + INVALID_CASES; i++) {
          const request = requestFor(operation, random, i < VALID_CASES);
          let token: string | undefined;
          if (identity === "bearer") {
            token = DESTRUCTIVE.has(operation.name)
              ? await bearerTokenFor(server, (await createUser(server.ctx.db, { type: "visita" })).id)
              : demoToken;
          }
          const response = await send(request, token);
          outcomes.push({
            operation: operation.name,
            identity,
            request,
            status: response.status,
            findings: await checkResponse(operation, response),
          });
        }
      }
    }

    const failures = outcomes.flatMap((o) =>
      o.findings
        .filter((f) => !isAccepted(o, f))
        .map(
          (f) =>
            `${o.operation} [${o.identity}, ${o.request.note}] ${o.request.method} ${o.request.path.slice(0, 100)}: ${f.check}: ${f.detail}`,
        ),
    );
    const statuses: Record<number, number> = {};
    for (const { status } of outcomes) statuses[status] = (statuses[status] ?? 0) + 1;
    console.info(`openapi walk: ${operations.length} operations, ${outcomes.length} requests, statuses ${JSON.stringify(statuses)}`);
    expect(failures).toEqual([]);
    // The demo user stayed signed in for the whole walk (no case ended its session).
    expect((await server.fetch("/api/user", { headers: { Authorization: `Bearer ${demoToken}` } })).status).toBe(200);
  }, 240_000);

  it("documents the 403 and 419 a cookie session gets on every write without its origin or its CSRF token", async () => {
    const [demo] = await server.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, "demo-visita@farmanexo.test"));
    const client = await new BrowserClient(server).signInAs(demo?.id ?? 0);
    const random = createRng(SEED + 1);
    const failures: string[] = [];
    expect(operations.map((op) => op.name)).toEqual(expect.arrayContaining([...CSRF_EXEMPT]));
    for (const operation of operations.filter((op) => op.method !== "GET" && !DESTRUCTIVE.has(op.name))) {
      const request = requestFor(operation, random, true);
      const cookie = client.cookieHeader();
      const noOrigin = await server.fetch(request.path, {
        method: request.method,
        headers: { ...request.headers, Cookie: cookie },
        body: request.body,
      });
      const noToken = await server.fetch(request.path, {
        method: request.method,
        headers: { ...request.headers, Cookie: cookie, Origin: server.url },
        body: requestFor(operation, random, true).body,
      });
      for (const [response, expected] of [
        [noOrigin, 403],
        [noToken, 419],
      ] as const) {
        const findings = await checkResponse(operation, response);
        const exempt = CSRF_EXEMPT.has(operation.name) && response.status < 500;
        if ((!exempt && response.status !== expected) || findings.length)
          failures.push(`${operation.name}: ${response.status} ${findings.map((f) => f.detail).join("; ")}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("matches the document when a product has no marketing laboratory (laboratorio_comercializador: null)", async () => {
    const product = await createProduct(server.ctx);
    const operation = operations.find((op) => op.name === "GET /visita/productos/{id}");
    if (!operation) throw new Error("GET /visita/productos/{id} is not documented");
    const response = await server.fetch(`/api/visita/productos/${product.id}`, { headers: { Authorization: `Bearer ${demoToken}` } });
    const body = (await response.clone().json()) as { detalle: { laboratorio_comercializador: unknown } | null };
    expect(body.detalle?.laboratorio_comercializador).toBeNull();
    expect(await checkResponse(operation, response)).toEqual([]);
  });
});
