import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCandidate, createCompany, insertOffer, MADRID, mailsTo } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { runAlertDigest } from "./alert-digests";

let server: TestServer;
let ana: BrowserClient;
let anaEmail: string;
let empresaId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  const user = await createCandidate(server.ctx, { nombre: "Ana" });
  anaEmail = user.email;
  ana = await new BrowserClient(server).signInAs(user.id);
  empresaId = (await createCompany(server.ctx, "Laboratorios Alerta")).empresa.id;
});
afterAll(() => server?.close());

describe("e-mail alerts", () => {
  it("keeps an anonymous visitor's «Crear alerta» across the login and offers the listing's countries", async () => {
    // The listing sends a visitor to the login with the alert form and this search as the way back;
    // signed in, the form starts with that search.
    const form = await (await ana.get("/app/empleo/alertas?q=oncologia&modalidad=remoto&pais=mexico")).text();
    expect(form).toMatch(/<input[^>]*name="q"[^>]*value="oncologia"|<input[^>]*value="oncologia"[^>]*name="q"/);
    expect(form).toMatch(/<option value="mexico" selected=""/);
    expect(form).toMatch(/<option value="remoto" selected=""/);
    // The markets and the countries with offers, as the listing's picker: not every country in the world.
    expect(form).toContain("España y Latinoamérica");
    expect(form).not.toContain(">Afganistán<");
  });

  it("validates, lists and deletes alerts", async () => {
    const bad = await ana.json("/api/empleo/alertas", { pais: "atlantida" });
    expect(bad.status).toBe(422);
    const created = await ana.json("/api/empleo/alertas", {
      pais: "espana",
      cargo: "visitador-medico",
      q: "cardiología",
      estado: MADRID,
      modalidad: "remoto",
    });
    expect(created.status).toBe(201);
    const alert = await created.json();
    expect(alert.descripcion).toBe('"cardiología" · Visitador médico · Madrid, España · Remoto');
    expect((await (await ana.get("/api/empleo/alertas")).json()).map((a: { id: number }) => a.id)).toEqual([alert.id]);
    expect((await ana.fetch(`/api/empleo/alertas/${alert.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await ana.fetch(`/api/empleo/alertas/${alert.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await server.fetch("/api/empleo/alertas")).status).toBe(401);
  });

  it("e-mails new matching offers once a day, and the unsubscribe link ends the alert", async () => {
    const alert = await (await ana.json("/api/empleo/alertas", { pais: "espana", q: "farmacovigilancia" })).json();
    const match = await insertOffer(server.ctx, empresaId, {
      titulo: "Técnico de farmacovigilancia",
      cargoId: 45,
      publishedAt: new Date(Date.now() + 1000),
    });
    await insertOffer(server.ctx, empresaId, { titulo: "Delegado de ventas", cargoId: 15, publishedAt: new Date(Date.now() + 1000) });

    // Alerts created today wait for tomorrow's digest.
    expect(await runAlertDigest(server.ctx, new Date())).toBe(0);
    const tomorrow = new Date(Date.now() + DAY);
    expect(await runAlertDigest(server.ctx, tomorrow)).toBe(1);
    expect(await runAlertDigest(server.ctx, new Date(tomorrow.getTime() + 60_000))).toBe(0);

    const digests = (await mailsTo(server.ctx, anaEmail)).filter((m) => m.kind === "job_alert_digest");
    expect(digests).toHaveLength(1);
    const text = digests[0]?.text ?? "";
    expect(digests[0]?.subject).toBe("1 oferta nueva para tu alerta · Farmanexo");
    expect(text).toContain("Técnico de farmacovigilancia");
    expect(text).toContain(`/${match.id}-`);
    expect(text).not.toContain("Delegado de ventas");
    const link = /(https?:\/\/\S+\/app\/empleo\/alertas\/baja\/([A-Za-z0-9_-]+))/.exec(text);
    expect(link?.[1]?.startsWith(`${server.url}/app/empleo/alertas/baja/`)).toBe(true);

    const token = link?.[2] ?? "";
    const off = await new BrowserClient(server).fetch(`/api/empleo/alertas/baja/${token}`, { method: "POST" });
    expect(off.status).toBe(200);
    expect((await off.json()).message).toContain("farmacovigilancia");
    expect((await ana.get("/api/empleo/alertas").then((r) => r.json())).map((a: { id: number }) => a.id)).not.toContain(alert.id);
    expect((await new BrowserClient(server).fetch(`/api/empleo/alertas/baja/${token}`, { method: "POST" })).status).toBe(404);

    // The day after, nothing is sent for the removed alert.
    expect(await runAlertDigest(server.ctx, new Date(Date.now() + 2 * DAY))).toBe(0);
  });
});
