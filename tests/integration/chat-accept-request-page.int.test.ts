import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPerson, startChat } from "#tests/factories/chat";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("accepting a message request on the chat page (issue 31)", () => {
  it("takes the user to the conversation in their inbox, no longer among the requests", async () => {
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
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe(`/app/chat/${id}`);

    const after = await (await rep.client.fetch(`/app/chat/${id}`, { headers: { Accept: "text/html" } })).text();
    const inbox = after.slice(after.indexOf('<ul class="'), after.indexOf("</ul>", after.indexOf('<ul class="')));
    expect(after).not.toContain('aria-label="Solicitudes de mensaje"');
    expect(inbox).toContain('aria-label="Conversaciones"');
    expect(inbox).toContain("Marta Ruiz Gómez");
    expect(after).not.toContain("quiere hablar contigo");
  });
});
