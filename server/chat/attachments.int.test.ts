import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_CSP } from "#server/platform/downloads";
import { type ChatPerson, ChatSocket, chatPerson, newClientId, startChat } from "#tests/factories/chat";
import { jpegWithExif, PDF_HTML_PAYLOAD, pdfBytes, pdfHtmlPolyglot } from "#tests/support/files";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let ana: ChatPerson;
let bruno: ChatPerson;
let intruso: ChatPerson;
let conversationId: number;

type Sent = {
  message: { id: number; body: string; attachment: { kind: string; name: string; size: number; width?: number; url: string } | null };
  duplicate: boolean;
};

function attach(from: ChatPerson, file: Blob, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("client_id", fields.client_id ?? newClientId());
  if (fields.body) form.set("body", fields.body);
  form.set("file", file, name);
  return from.client.fetch(`/api/chat/conversations/${fields.conversation ?? conversationId}/attachments`, { method: "POST", body: form });
}

beforeAll(async () => {
  // A small limit keeps the oversized file small.
  server = await startTestServer({ MAX_UPLOAD_MB: "1" });
  ana = await chatPerson(server, { nombre: "Ana" });
  bruno = await chatPerson(server, { nombre: "Bruno" });
  intruso = await chatPerson(server, { nombre: "Intruso" });
  conversationId = await startChat(ana, bruno, "Te mando la ficha");
});
afterAll(() => server?.close());

describe("attachments", () => {
  it("re-encodes an image (no EXIF survives), delivers it live, and serves it to both participants only", async () => {
    const socket = await ChatSocket.open(server, bruno.id);
    const clientId = newClientId();
    const response = await attach(ana, new Blob([new Uint8Array(await jpegWithExif(800, 600))], { type: "image/jpeg" }), "foto.jpg", {
      client_id: clientId,
      body: "Mira esto",
    });
    expect(response.status).toBe(201);
    const sent = (await response.json()) as Sent;
    // Re-encoded as WebP, so offered as .webp: the name ends in the type of the bytes served.
    expect(sent.message).toMatchObject({ body: "Mira esto", attachment: { kind: "image", name: "foto.webp", width: 800 } });
    const url = sent.message.attachment?.url as string;
    const live = await socket
      .waitFor((f) => f.kind === "message" && (f.message as { id: number } | undefined)?.id === sent.message.id)
      .finally(() => socket.socket.close());
    expect((live.message as Sent["message"]).attachment?.url).toBe(url);
    expect(JSON.stringify(sent)).not.toMatch(/"key"|[0-9a-f-]{36}\.webp/); // the storage key never leaves the server

    for (const who of [ana, bruno]) {
      const file = await who.client.get(url);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      expect(file.headers.get("cache-control")).toBe("private, no-store");
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
      expect(file.headers.get("content-disposition")).toMatch(/^inline; filename="foto.webp"/);
      expect(file.headers.get("content-security-policy")).toBe(FILE_CSP);
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
    }
    expect((await intruso.client.get(url)).status).toBe(404);
    expect((await server.fetch(url)).status).toBe(401);

    // Resending the same client_id returns the stored message, not a copy.
    const again = await attach(ana, new Blob([new Uint8Array(await jpegWithExif(800, 600))]), "foto.jpg", { client_id: clientId });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Sent).message.id).toBe(sent.message.id);
    const history = (await (await bruno.client.get(`/api/chat/conversations/${conversationId}/messages`)).json()) as {
      data: Sent["message"][];
    };
    expect(history.data.filter((m) => m.attachment).length).toBe(1);
  });

  it("sends a PDF as a download with its name", async () => {
    const response = await attach(ana, new Blob([new Uint8Array(pdfBytes("Ficha técnica"))]), "Ficha técnica.pdf");
    expect(response.status).toBe(201);
    const { message } = (await response.json()) as Sent;
    expect(message.attachment).toMatchObject({ kind: "pdf", name: "Ficha técnica.pdf" });
    const file = await bruno.client.get(message.attachment?.url as string);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="Ficha_t_cnica.pdf"; filename*=UTF-8''Ficha%20t%C3%A9cnica.pdf`,
    );
  });

  it("refuses a renamed text file, an oversized file, and a conversation that is not yours", async () => {
    const renamed = await attach(ana, new Blob(["esto no es un PDF"], { type: "application/pdf" }), "informe.pdf");
    expect(renamed.status).toBe(415);
    expect(((await renamed.json()) as { message: string }).message).toBe("El archivo debe ser un archivo PNG, JPEG, WEBP, PDF.");

    const oversized = await attach(ana, new Blob([new Uint8Array(1024 * 1024 + 1)]), "grande.pdf");
    expect(oversized.status).toBe(413);
    expect(((await oversized.json()) as { message: string }).message).toMatch(/no puede superar 1 MB/);

    const pdf = new Blob([new Uint8Array(pdfBytes())]);
    expect((await attach(intruso, pdf, "x.pdf")).status).toBe(404);
    const history = (await (await ana.client.get(`/api/chat/conversations/${conversationId}/messages`)).json()) as {
      data: Sent["message"][];
    };
    expect(history.data.map((m) => m.attachment?.name).filter(Boolean)).toEqual(["foto.webp", "Ficha técnica.pdf"]);
  });

  it("stops serving the file of a deleted message", async () => {
    const { message } = (await (await attach(ana, new Blob([new Uint8Array(pdfBytes())]), "borrar.pdf")).json()) as Sent;
    expect((await ana.client.fetch(`/api/chat/messages/${message.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await bruno.client.get(message.attachment?.url as string)).status).toBe(404);
  });

  it("offers a PDF that is also an HTML page as a.pdf, to download, sandboxed", async () => {
    const polyglot = pdfHtmlPolyglot();
    const response = await attach(ana, new Blob([new Uint8Array(polyglot)], { type: "text/html" }), "a.pdf.html");
    expect(response.status).toBe(201);
    const { message } = (await response.json()) as Sent;
    expect(message.attachment).toMatchObject({ kind: "pdf", name: "a.pdf" });

    const file = await bruno.client.get(message.attachment?.url as string);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="a.pdf"; filename*=UTF-8''a.pdf`);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-security-policy")).toBe(FILE_CSP);
    expect(FILE_CSP).toMatch(/(^|; )sandbox(;|$)/);
    expect(FILE_CSP).toContain("default-src 'none'");
    const served = Buffer.from(await file.arrayBuffer());
    expect(served.equals(polyglot)).toBe(true); // the same valid PDF, script and all, but never run on our origin
    expect(served.toString("latin1")).toContain(PDF_HTML_PAYLOAD);
  });

  it("answers 404 for a file removed from storage, and goes on serving", async () => {
    const { message } = (await (await attach(ana, new Blob([new Uint8Array(pdfBytes())]), "perdido.pdf")).json()) as Sent;
    const folder = path.join(server.ctx.config.dataDir, "uploads", "chat");
    const stored = await bruno.client.get(message.attachment?.url as string);
    expect(stored.status).toBe(200);
    for (const name of fs.readdirSync(folder)) fs.rmSync(path.join(folder, name));
    const gone = await bruno.client.get(message.attachment?.url as string);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { message: string }).message).toBe("El archivo no existe.");
    expect((await server.fetch("/healthz")).status).toBe(200);
  });

  it("survives an upload cut off half-way, and takes the next one", async () => {
    await ana.client.csrf();
    const boundary = "----corte";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="client_id"\r\n\r\n${newClientId()}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="corte.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const closed = new Promise<void>((resolve) => {
      const request = http.request(`${server.url}/api/chat/conversations/${conversationId}/attachments`, {
        method: "POST",
        headers: {
          Cookie: ana.client.cookieHeader(),
          Origin: server.url,
          "X-XSRF-TOKEN": decodeURIComponent(ana.client.cookies.get("XSRF-TOKEN") ?? ""),
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": String(head.length + 200_000),
        },
      });
      request.on("error", () => resolve());
      request.on("close", () => resolve());
      request.write(head);
      request.write(pdfBytes().subarray(0, 300), () => setTimeout(() => request.destroy(), 50));
    });
    await closed;
    expect((await server.fetch("/healthz")).status).toBe(200);
    const next = await attach(ana, new Blob([new Uint8Array(pdfBytes())]), "siguiente.pdf");
    expect(next.status).toBe(201);
  });
});
