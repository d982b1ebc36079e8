import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ChatPerson, chatPerson, newClientId, startChat } from "#tests/factories/chat";
import { pdfBytes } from "#tests/support/files";
import { startTestS3Server, type TestS3Server } from "#tests/support/s3-server";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createLogger } from "./logger";

// A storage node that dies in the middle of a download: the SDK's body stream fails after the
// response began. The download must end as one answered, logged 500, and the process live on.
const lines: string[] = [];
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
let bucket: TestS3Server;
let server: TestServer;
let ana: ChatPerson;
let bruno: ChatPerson;

beforeAll(async () => {
  bucket = await startTestS3Server({ buckets: ["farmanexo"] });
  const logger = createLogger("info", { write: (line: string) => void lines.push(line.trimEnd()) });
  server = await startTestServer(
    { S3_URL: bucket.url, S3_BUCKET: "farmanexo", S3_ACCESS_KEY_ID: bucket.accessKeyId, S3_SECRET_ACCESS_KEY: bucket.secretAccessKey },
    { logger },
  );
  ana = await chatPerson(server, { nombre: "Ana", email: "ana.descarga@example.com" });
  bruno = await chatPerson(server, { nombre: "Bruno", email: "bruno.descarga@example.com" });
});
afterAll(async () => {
  await server?.close();
  await bucket?.close();
});
beforeEach(() => {
  bucket.truncateGets = false;
});

describe("an S3 download cut off mid-body", () => {
  it("answers 500 once, logs it once without personal data, and keeps serving", async () => {
    const conversationId = await startChat(ana, bruno, "Te paso el informe");
    const form = new FormData();
    form.set("client_id", newClientId());
    form.set("file", new Blob([new Uint8Array(pdfBytes("x".repeat(50_000)))]), "Informe de Ana.pdf");
    const sent = await ana.client.fetch(`/api/chat/conversations/${conversationId}/attachments`, { method: "POST", body: form });
    expect(sent.status).toBe(201);
    const url = ((await sent.json()) as { message: { attachment: { url: string } } }).message.attachment.url;

    bucket.truncateGets = true;
    lines.length = 0;
    const broken = await bruno.client.get(url);
    expect(broken.status).toBe(500);
    expect(((await broken.json()) as { message: string }).message).toBeTruthy();
    expect((await server.fetch("/healthz")).status).toBe(200);

    // The failure once (with its cause), and the request's own access line.
    const failures = entries().filter((entry) => entry.msg === "unhandled error");
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ err: { message: expect.stringMatching(/^storage read failed/) } });
    expect(entries().filter((entry) => entry.msg === "request" && entry.path === url)).toMatchObject([{ status: 500 }]);
    expect(lines.join("\n")).not.toMatch(/descarga@example\.com|Informe de Ana|Bruno/);

    bucket.truncateGets = false;
    const whole = await bruno.client.get(url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(pdfBytes("x".repeat(50_000)))).toBe(true);
  });
});
