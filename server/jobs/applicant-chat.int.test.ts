import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyWithCv, createCandidate, createCompany, insertOffer } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 28: «Enviar mensaje» from an application opens a chat conversation with the candidate, with
// no request step (they applied to the company), under the chat's own rules (decision 0107).

let server: TestServer;
let company: BrowserClient;
let companyUserId: number;
let rival: BrowserClient;
let empresaId: number;

type Candidate = { client: BrowserClient; id: number };
async function candidate(nombre: string): Promise<Candidate> {
  const user = await createCandidate(server.ctx, { nombre });
  return { client: await new BrowserClient(server).signInAs(user.id), id: user.id };
}

const apply = (who: Candidate, offerId: number) => applyWithCv(who.client, offerId);

const message = (applicationId: number, body: string, client = company, clientId = randomUUID()) =>
  client.json(`/api/empleo/panel/candidaturas/${applicationId}/mensaje`, { client_id: clientId, body });
const conversationsOf = async (client: BrowserClient, folder = "inbox") =>
  (await (await client.get(`/api/chat/conversations?folder=${folder}`)).json()) as {
    data: Array<{ id: number; status: string; incoming_request: boolean; other: { id: number } }>;
    requests_count: number;
  };
const postForm = (client: BrowserClient, path: string, fields: Record<string, string>) =>
  client.fetch(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
  });

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createCompany(server.ctx, "Laboratorios Habla");
  empresaId = owner.empresa.id;
  companyUserId = owner.user.id;
  company = await new BrowserClient(server).signInAs(owner.user.id);
  rival = await new BrowserClient(server).signInAs((await createCompany(server.ctx, "Laboratorios Ajenos")).user.id);
});
afterAll(() => server?.close());

describe("«Enviar mensaje» to an applicant", () => {
  it("opens an accepted conversation in the candidate's inbox, even when they take requests from verified people only", async () => {
    const offer = await insertOffer(server.ctx, empresaId);
    const eva = await candidate("Eva");
    // Eva screens strangers: a plain chat request from this company would be refused.
    expect((await eva.client.json("/api/chat/settings", { verified_requests_only: true }, "PUT")).status).toBe(200);
    const plain = await company.json("/api/chat/conversations", { user_id: eva.id, client_id: randomUUID(), body: "Hola" });
    expect(plain.status).toBe(403);

    const id = await apply(eva, offer.id);
    // Another company cannot write through this application.
    expect((await message(id, "Hola", rival)).status).toBe(404);
    const clientId = randomUUID();
    const sent = await message(id, "Hola Eva, ¿podemos hablar el martes?", company, clientId);
    expect(sent.status).toBe(201);
    const result = await sent.json();
    expect(result).toMatchObject({ duplicate: false });
    // Resending the same client_id sends nothing twice.
    expect(await (await message(id, "Hola Eva, ¿podemos hablar el martes?", company, clientId)).json()).toMatchObject({
      conversation_id: result.conversation_id,
      duplicate: true,
    });

    const inbox = await conversationsOf(eva.client);
    expect(inbox.requests_count).toBe(0);
    expect(inbox.data).toEqual([expect.objectContaining({ id: result.conversation_id, status: "active", incoming_request: false })]);
    expect(inbox.data[0]?.other.id).toBe(companyUserId);
    const history = await (await eva.client.get(`/api/chat/conversations/${result.conversation_id}/messages`)).json();
    expect(history.data.map((m: { body: string }) => m.body)).toEqual(["Hola Eva, ¿podemos hablar el martes?"]);
    // Eva answers in the same conversation.
    const reply = await eva.client.json(`/api/chat/conversations/${result.conversation_id}/messages`, {
      client_id: randomUUID(),
      body: "Sí, perfecto",
    });
    expect(reply.status).toBe(201);
  });

  it("turns a pending request the company had sent into a conversation once the candidate applies", async () => {
    const offer = await insertOffer(server.ctx, empresaId);
    const luis = await candidate("Luis");
    const request = await company.json("/api/chat/conversations", { user_id: luis.id, client_id: randomUUID(), body: "Hola Luis" });
    expect(request.status).toBe(201);
    expect((await conversationsOf(luis.client, "requests")).requests_count).toBe(1);
    const id = await apply(luis, offer.id);
    expect((await message(id, "Gracias por inscribirte")).status).toBe(201);
    expect((await conversationsOf(luis.client, "requests")).requests_count).toBe(0);
    expect((await conversationsOf(luis.client)).data).toEqual([expect.objectContaining({ status: "active" })]);
  });

  it("follows the chat's rules: a withdrawn application no longer introduces, a block withholds the message", async () => {
    const offer = await insertOffer(server.ctx, empresaId);
    const [marta, pablo] = [await candidate("Marta"), await candidate("Pablo")];
    const withdrawn = await apply(marta, offer.id);
    await marta.client.fetch(`/api/empleo/candidaturas/${withdrawn}/retirar`, { method: "POST" });
    const refused = await message(withdrawn, "¿Seguro?");
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain("ha retirado su candidatura");

    const blocked = await apply(pablo, offer.id);
    expect((await pablo.client.fetch(`/api/chat/blocks/${companyUserId}`, { method: "PUT" })).status).toBe(204);
    expect((await message(blocked, "Hola Pablo")).status).toBe(201);
    expect((await conversationsOf(pablo.client)).data.every((c) => c.other.id !== companyUserId || c.status === "active")).toBe(true);
    const unread = await (await pablo.client.get("/api/chat/conversations")).json();
    expect(unread.data.find((c: { other: { id: number } }) => c.other.id === companyUserId)?.unread_count ?? 0).toBe(0);
  });

  it("the panel page's form sends the message and opens the chat; an empty one says why and keeps the form", async () => {
    const offer = await insertOffer(server.ctx, empresaId);
    const rosa = await candidate("Rosa");
    const id = await apply(rosa, offer.id);
    const page = `/app/empleo/panel/ofertas/${offer.id}/candidatos`;
    const html = await (await company.get(page)).text();
    expect(html).toContain("Enviar mensaje");
    expect(html).toContain("Mensaje para Rosa");

    const empty = await postForm(company, page, { intent: "mensaje", candidatura: String(id), client_id: randomUUID(), body: "  " });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain("Escribe un mensaje.");

    const sent = await postForm(company, page, { intent: "mensaje", candidatura: String(id), client_id: randomUUID(), body: "Hola Rosa" });
    expect(sent.status).toBe(302);
    const conversationId = (await conversationsOf(rosa.client)).data[0]?.id;
    expect(sent.headers.get("location")).toBe(`/app/chat/${conversationId}`);
    // Back on the panel, the conversation is one link away.
    expect(await (await company.get(page)).text()).toContain(`/app/chat/${conversationId}`);
  });
});

describe("«Enviar mensaje» from the recruiter search", () => {
  const profile = (open: boolean) => ({
    titular: "Delegada en oncología",
    experiencia: [],
    formacion: [],
    idiomas: [],
    habilidades: ["Oncología"],
    abierto_a_ofertas: open,
  });

  it("sends a chat request to a profile open to offers and lands in the conversation; never to a closed profile", async () => {
    const sara = await candidate("Sara");
    expect((await sara.client.json("/api/empleo/perfil", profile(true), "PUT")).status).toBe(200);
    const sent = await postForm(company, "/app/empleo/panel/talento", {
      intent: "mensaje",
      perfil: String(sara.id),
      client_id: randomUUID(),
      body: "Hola Sara, tenemos una vacante de delegada en oncología.",
    });
    expect(sent.status).toBe(302);
    const conversationId = Number(/\/app\/chat\/(\d+)$/.exec(sent.headers.get("location") ?? "")?.[1]);
    expect(conversationId).toBeGreaterThan(0);
    // Sara has not applied to this company: it reaches her as a request she accepts or declines.
    const requests = await conversationsOf(sara.client, "requests");
    expect(requests.requests_count).toBe(1);
    expect(requests.data).toEqual([expect.objectContaining({ id: conversationId, status: "request", incoming_request: true })]);
    // The search now offers the conversation instead of the form.
    const page = await (await company.fetch("/app/empleo/panel/talento?q=oncologia", { headers: { Accept: "text/html" } })).text();
    expect(page).toContain(`/app/chat/${conversationId}`);

    // A profile closed to offers is not found, and nothing is sent; an empty message is refused beside the field.
    const tomas = await candidate("Tomás");
    expect((await tomas.client.json("/api/empleo/perfil", profile(false), "PUT")).status).toBe(200);
    const closed = await postForm(company, "/app/empleo/panel/talento", {
      intent: "mensaje",
      perfil: String(tomas.id),
      client_id: randomUUID(),
      body: "Hola",
    });
    expect(closed.status).toBe(404);
    expect(await closed.text()).toContain("Este perfil ya no está visible para las empresas.");
    expect((await conversationsOf(tomas.client, "requests")).requests_count).toBe(0);
    const empty = await postForm(company, "/app/empleo/panel/talento", {
      intent: "mensaje",
      perfil: String(sara.id),
      client_id: randomUUID(),
      body: "",
    });
    expect(empty.status).toBe(422);
    // A candidate cannot use the recruiters' search.
    const refused = await postForm(sara.client, "/app/empleo/panel/talento", {
      intent: "mensaje",
      perfil: String(tomas.id),
      client_id: randomUUID(),
      body: "Hola",
    });
    expect(refused.status).toBe(403);
  });
});
