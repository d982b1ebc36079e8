import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmpleoUser, createUser } from "#server/accounts/factories";
import { createCandidate, insertOffer } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * Issue #8, item 3: client input never produces a 5xx. Walks every operation of /api/openapi.json
 * as an anonymous visitor, a candidate and a company administrator with back-office roles, sending
 * malformed path ids, query values and bodies, and fails on any 5xx. It prints how many requests
 * it sent.
 */
type Operation = {
  parameters?: Array<{ name: string; in: string; schema?: { type?: string } }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Schema = { type?: string | string[]; properties?: Record<string, Schema>; $ref?: string; items?: Schema };

const BAD_IDS = ["2147483648", "99999999999999999999", "-1", "abc", "1%00", "%E0%A4%A"];
const BAD_QUERY_VALUES = ["a%00b", "2147483648", "-2147483649", "%E0%A4%A", "x".repeat(3000), "!!!"];
const NASTY_VALUES: unknown[] = ["a\u0000b", 2147483648, "2147483648", [], null, "x".repeat(20_000)];

let server: TestServer;
let clients: Array<{ name: string; client: BrowserClient }>;
let spec: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

beforeAll(async () => {
  server = await startTestServer();
  const { empresa } = await createEmpleoUser(server.ctx.db);
  await insertOffer(server.ctx, empresa.id);
  // A company administrator with every back-office role reaches the most code.
  const staff = await createUser(server.ctx.db, { type: "empleo", roles: ["admin", "editor", "moderador"], empresaId: empresa.id });
  const candidate = await createCandidate(server.ctx);
  clients = [
    { name: "anónimo", client: new BrowserClient(server) },
    { name: "candidato", client: await new BrowserClient(server).signInAs(candidate.id) },
    { name: "empresa y staff", client: await new BrowserClient(server).signInAs(staff.id) },
  ];
  spec = await (await server.fetch("/api/openapi.json")).json();
});
afterAll(() => server?.close());

function resolve(schema: Schema | undefined): Schema | undefined {
  if (schema?.$ref) return spec.components?.schemas?.[schema.$ref.split("/").pop() ?? ""];
  return schema;
}

function fill(path: string, value: string) {
  return path.replace(/\{[^}]+\}/g, value);
}

function malformedBodies(operation: Operation): Array<{ body: BodyInit; type?: string }> {
  const bodies: Array<{ body: BodyInit; type?: string }> = [
    { body: "{", type: "application/json" },
    { body: "hola", type: "text/plain" },
    { body: "null", type: "application/json" },
    { body: '"\\u0000"', type: "application/json" },
    { body: `{"a":${"[".repeat(2000)}${"]".repeat(2000)}}`, type: "application/json" },
    { body: "a=%00&b=1", type: "application/x-www-form-urlencoded" },
  ];
  const json = resolve(operation.requestBody?.content?.["application/json"]?.schema);
  const form = resolve(operation.requestBody?.content?.["multipart/form-data"]?.schema);
  const fields = Object.keys(json?.properties ?? form?.properties ?? {});
  for (const value of NASTY_VALUES) {
    const payload = Object.fromEntries(fields.map((field) => [field, value]));
    bodies.push({ body: JSON.stringify(payload), type: "application/json" });
  }
  if (form) {
    for (const value of ["\u0000", "2147483648"]) {
      const data = new FormData();
      for (const field of fields) data.set(field, value);
      bodies.push({ body: data });
    }
    const data = new FormData();
    for (const field of fields) data.set(field, new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0])]), "x.png");
    bodies.push({ body: data });
  }
  return bodies;
}

describe("malformed input", () => {
  it("never gets a 5xx from any operation of the OpenAPI document", async () => {
    const failures: string[] = [];
    let sent = 0;
    const send = async (client: BrowserClient, label: string, path: string, init: RequestInit) => {
      sent += 1;
      const response = await client.fetch(path, init).catch((error: Error) => ({ status: 599, text: async () => error.message }));
      if (response.status >= 500)
        failures.push(`${response.status} ${label} ${init.method} ${path} ${(await response.text()).slice(0, 120)}`);
      else if ("body" in response) await response.body?.cancel();
    };

    for (const [template, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const upper = method.toUpperCase();
        if (/logout/.test(template)) continue; // would end the clients' sessions
        const apiPath = `/api${template}`;
        for (const { name, client } of clients) {
          const label = `[${name}]`;
          const hasParams = /\{/.test(template);
          for (const id of hasParams ? BAD_IDS : []) await send(client, label, fill(apiPath, id), { method: upper });
          const base = fill(apiPath, "1");
          const queries = (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
          for (const query of [...queries, "cursor", "page"]) {
            for (const value of BAD_QUERY_VALUES) await send(client, label, `${base}?${query}=${value}`, { method: upper });
          }
          if (upper !== "GET" && upper !== "HEAD") {
            for (const { body, type } of malformedBodies(operation)) {
              await send(client, label, base, { method: upper, body, headers: type ? { "Content-Type": type } : {} });
            }
          }
        }
      }
    }

    // Pages take the same input through loaders and actions.
    const pages = [
      "/app/empleo?q=%00",
      "/app/empleo/p/espana?estado=2147483648",
      "/app/empleo/p/espana?cargo=99999999999999999999&page=-1",
      "/app/empleo/p/espana?cursor=!!!",
      "/app/empleo/oferta/x/2147483648-x",
      "/app/empleo/panel/ofertas/2147483648/editar",
      "/app/empleo/panel/ofertas/2147483648/candidatos",
      "/app/auth/login?redirect_url=%00",
      "/app/u/2147483648",
    ];
    for (const page of pages) {
      for (const { name, client } of clients) await send(client, `[${name}]`, page, { method: "GET", headers: { Accept: "text/html" } });
    }
    for (const { name, client } of clients) {
      await send(client, `[${name}]`, "/app/auth/login", {
        method: "POST",
        body: "email=a%00b&password=x",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
    }

    console.info(`malformed-input walk: ${sent} requests, ${failures.length} with a 5xx`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
  }, 600_000);
});
