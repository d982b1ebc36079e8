import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPerson, startChat } from "#tests/factories/chat";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("accepting a message request on the chat page (issue 31)", () => {
  it("moves the conversation to the inbox: it is no longer among the requests", async () => {
    const pro = await chatPerson(server, { nombre: "Marta", apellidos: "Ruiz Gómez" });
    const rep = await chatPerson(server, { type: "visita", nombre: "Álvaro", apellidos: "Núñez" });
    const id = await startChat(pro, rep, "Hola, ¿distribuye el producto en Madrid?");
    const before = await (await rep.client.fetch(`/app/chat/${id}?carpeta=solicitudes`, { headers: { Accept: "text/html" } })).text();
    expect(before).toContain('aria-label="Solicitudes de mensaje"');

    const accepted = await rep.client.fetch(`/app/chat/${id}?carpeta=solicitudes`, {
      method: "POST",
      body: new URLSearchParams({ intent: "accept" }).toString(),
      headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(accepted.status).toBe(200);
    // The requests folder no longer lists it (chat.tsx drops what is not a request any more)…
    const requests = await (await rep.client.fetch(`/app/chat?carpeta=solicitudes`, { headers: { Accept: "text/html" } })).text();
    expect(requests).not.toContain("Marta Ruiz Gómez");

    // …and the inbox does.
    const after = await (await rep.client.fetch(`/app/chat/${id}`, { headers: { Accept: "text/html" } })).text();
    const inbox = after.slice(after.indexOf('<ul class="'), after.indexOf("</ul>", after.indexOf('<ul class="')));
    expect(after).not.toContain('aria-label="Solicitudes de mensaje"');
    expect(inbox).toContain('aria-label="Conversaciones"');
    expect(inbox).toContain("Marta Ruiz Gómez");
    expect(after).not.toContain("quiere hablar contigo");
  });
});
