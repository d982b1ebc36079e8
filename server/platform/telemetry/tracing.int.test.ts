import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/platform/logger";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createOtelTracer } from "./otel";

type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
};

/** An OTLP/HTTP collector on loopback: what the real exporter POSTs to /v1/traces, decoded from JSON. */
let receiver: Server;
const received: OtlpSpan[] = [];
let endpoint: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.url === "/v1/traces" && req.headers["content-type"]?.includes("json")) {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
        };
        for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) received.push(...scope.spans);
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

/** A caller's trace and span, as a proxy or another service would send them. */
const CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";

const attribute = (span: OtlpSpan | undefined, key: string) => {
  const value = span?.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

describe("OpenTelemetry traces (decision 0100)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
  }, 180_000);

  it("export a request's span with its page render and queries as children, without values", async () => {
    expect((await server.fetch("/app/noticias?q=farmacia")).status).toBe(200);
    // A caller that traces names its span in a W3C traceparent header (decision 0115).
    const joined = await server.fetch("/api/noticias", { headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` } });
    expect(joined.status).toBe(200);
    await joined.arrayBuffer();
    // A malformed one is ignored: the request starts its own trace.
    const malformed = await server.fetch("/api/tribunas", { headers: { traceparent: `00-${"0".repeat(32)}-${CALLER_SPAN}-01` } });
    expect(malformed.status).toBe(200);
    await malformed.arrayBuffer();
    await server.close(); // shuts the tracer down: the last batch is sent
    const request = received.find((span) => span.name === "HTTP GET /app/noticias");
    expect(request, received.map((span) => span.name).join(", ")).toBeDefined();
    expect(attribute(request, "http.route")).toBe("/app/noticias");
    const render = received.find((span) => span.name === "page render" && span.parentSpanId === request?.spanId);
    expect(render?.traceId).toBe(request?.traceId);
    const queries = received.filter((span) => span.name === "db query" && span.parentSpanId === render?.spanId);
    expect(queries.length).toBeGreaterThan(0);
    const statements = queries.map((span) => String(attribute(span, "db.query.text")));
    expect(statements.some((text) => /select/i.test(text))).toBe(true);
    expect(statements.join("\n")).not.toContain("farmacia");
    expect(request?.traceId).not.toBe(CALLER_TRACE);
    expect(request?.parentSpanId || undefined).toBeUndefined();

    const child = received.find((span) => span.name === "HTTP GET /api/noticias");
    expect(child, received.map((span) => span.name).join(", ")).toBeDefined();
    expect(child?.traceId).toBe(CALLER_TRACE);
    expect(child?.parentSpanId).toBe(CALLER_SPAN);
    // Its own children stay in the caller's trace.
    expect(received.some((span) => span.name === "db query" && span.parentSpanId === child?.spanId && span.traceId === CALLER_TRACE)).toBe(
      true,
    );
    const own = received.find((span) => span.name === "HTTP GET /api/tribunas");
    expect(own?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(own?.traceId).not.toBe(CALLER_TRACE);
    expect(own?.parentSpanId || undefined).toBeUndefined();
  });
});

describe("log lines with tracing on", () => {
  it("carry the active trace's id", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const tracer = createOtelTracer({ endpoint, serviceName: "test", version: "0", instanceId: "i" });
    const logger = createLogger("info", sink, tracer.logFields);
    let traceId = "";
    await tracer.inSpan("work", {}, async () => {
      traceId = (tracer.logFields() as { trace_id: string }).trace_id;
      logger.info("inside");
    });
    logger.info("outside");
    await tracer.shutdown();
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ msg: "inside", trace_id: traceId });
    expect(JSON.parse(lines[1] ?? "{}").trace_id).toBeUndefined();
  });
});
