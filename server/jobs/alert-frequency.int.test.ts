import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applyWithCv,
  BARCELONA,
  createCandidate,
  createCompany,
  FARMACEUTICO_COMUNITARIO,
  insertOffer,
  mailsTo,
} from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { digestWeekStart, runAlertDigest } from "./alert-digests";

const DAY = 86_400_000;
let server: TestServer;
let empresaId: number;

const person = async (nombre: string) => {
  const user = await createCandidate(server.ctx, { nombre });
  return { email: user.email, client: await new BrowserClient(server).signInAs(user.id) };
};
const digestsTo = async (email: string) => (await mailsTo(server.ctx, email)).filter((mail) => mail.kind === "job_alert_digest");
const postForm = (client: BrowserClient, fields: Record<string, string>) =>
  client.fetch("/app/empleo/alertas", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
  });
/** 08:00 UTC of the day `days` from now: digests go out from 07:00 UTC. */
const morning = (days: number) => {
  const day = new Date(Date.now() + days * DAY);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 8));
};

beforeAll(async () => {
  server = await startTestServer();
  empresaId = (await createCompany(server.ctx, "Laboratorios Frecuencia")).empresa.id;
});
afterAll(() => server?.close());

describe("alert frequency", () => {
  it("stores the chosen frequency (daily by default) and changes it from the form with per-field Spanish errors", async () => {
    const { client } = await person("Elena");
    const daily = await (await client.json("/api/empleo/alertas", { pais: "espana", q: "calidad" })).json();
    expect(daily.frecuencia).toBe("diaria");
    const created = await postForm(client, { intent: "create", pais: "espana", q: "registros", frecuencia: "semanal" });
    expect(created.status).toBe(302);
    const list = await (await client.get("/api/empleo/alertas")).json();
    expect(list.find((alert: { descripcion: string }) => alert.descripcion.includes("registros"))?.frecuencia).toBe("semanal");

    const bad = await postForm(client, { intent: "frecuencia", id: String(daily.id), frecuencia: "cada-hora" });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("Elige con qué frecuencia quieres recibir la alerta.");
    const good = await postForm(client, { intent: "frecuencia", id: String(daily.id), frecuencia: "inmediata" });
    expect(good.status).toBe(200);
    expect(await good.text()).toContain("Frecuencia guardada.");
    expect((await client.json(`/api/empleo/alertas/${daily.id}`, { frecuencia: "semanal" }, "PATCH")).status).toBe(200);
    expect((await client.json(`/api/empleo/alertas/${daily.id}`, { frecuencia: "nunca" }, "PATCH")).status).toBe(422);
    // Someone else's alert does not exist for them.
    const { client: other } = await person("Otro");
    expect((await other.json(`/api/empleo/alertas/${daily.id}`, { frecuencia: "diaria" }, "PATCH")).status).toBe(404);
    const page = await (await client.get("/app/empleo/alertas")).text();
    expect(page).toContain("Semanal · Creada el");
  });

  it("sends one daily e-mail per user with every alert's new offers, never twice, and nothing when nothing is new", async () => {
    const berta = await person("Berta");
    await berta.client.json("/api/empleo/alertas", { pais: "espana", q: "farmacovigilancia" });
    await berta.client.json("/api/empleo/alertas", { pais: "espana", q: "dermatología" });
    await berta.client.json("/api/empleo/alertas", { pais: "espana", q: "veterinaria" }); // nothing new for this one
    const soon = new Date(Date.now() + 1000);
    await insertOffer(server.ctx, empresaId, { titulo: "Técnico de farmacovigilancia", cargoId: 15, publishedAt: soon });
    await insertOffer(server.ctx, empresaId, { titulo: "Especialista en dermatología", cargoId: 15, publishedAt: soon });

    // Two instances (or a retry after a restart) at once, then a later pass the same day: one e-mail.
    await Promise.all([runAlertDigest(server.ctx, morning(1)), runAlertDigest(server.ctx, morning(1))]);
    await runAlertDigest(server.ctx, new Date(morning(1).getTime() + 3600_000));
    const digests = await digestsTo(berta.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toBe("2 ofertas nuevas para tus alertas · Farmanexo");
    expect(digests[0]?.text).toContain("Técnico de farmacovigilancia");
    expect(digests[0]?.text).toContain("Especialista en dermatología");
    expect(digests[0]?.text).not.toContain("veterinaria");
    // Every alert keeps its own unsubscribe link (a page that asks before acting).
    expect(digests[0]?.text.match(/\/app\/empleo\/alertas\/baja\//g)).toHaveLength(2);

    // The next day nothing new was published: nothing is sent.
    await runAlertDigest(server.ctx, morning(2));
    expect(await digestsTo(berta.email)).toHaveLength(1);
  });

  it("sends instant alerts on the next pass, and a weekly digest with up to 3 recommendations", async () => {
    const diego = await person("Diego");
    await diego.client.json("/api/empleo/alertas", { pais: "espana", q: "oncología", frecuencia: "inmediata" });
    const carmen = await person("Carmen");
    // Carmen applied to a community pharmacist offer in Barcelona: similar open offers are recommended.
    const applied = await insertOffer(server.ctx, empresaId, {
      titulo: "Farmacéutica adjunta ya inscrita",
      cargoId: FARMACEUTICO_COMUNITARIO,
      estadoId: BARCELONA,
    });
    await applyWithCv(carmen.client, applied.id);
    const similar = await insertOffer(server.ctx, empresaId, {
      titulo: "Farmacéutica comunitaria en Gràcia",
      cargoId: FARMACEUTICO_COMUNITARIO,
      estadoId: BARCELONA,
    });
    await insertOffer(server.ctx, empresaId, {
      titulo: "Farmacéutica comunitaria cerrada",
      cargoId: FARMACEUTICO_COMUNITARIO,
      estadoId: BARCELONA,
      status: "cerrada",
      closedAt: new Date(),
    });
    await carmen.client.json("/api/empleo/alertas", { pais: "espana", cargo: "visitador-medico", frecuencia: "semanal" });
    const soon = new Date(Date.now() + 1000);
    await insertOffer(server.ctx, empresaId, { titulo: "Delegado de oncología", cargoId: 45, publishedAt: soon });
    await insertOffer(server.ctx, empresaId, { titulo: "Visitador médico zona norte", publishedAt: soon });

    // Instant: the next pass (any hour, without the periodic digests), once.
    const later = new Date(Date.now() + 60_000);
    expect(await runAlertDigest(server.ctx, later, { periodic: false })).toBeGreaterThanOrEqual(1);
    await runAlertDigest(server.ctx, new Date(later.getTime() + 60_000), { periodic: false });
    const instant = await digestsTo(diego.email);
    expect(instant).toHaveLength(1);
    expect(instant[0]?.text).toContain("Delegado de oncología");
    expect(await digestsTo(carmen.email)).toHaveLength(0); // weekly: not on an instant pass

    // Weekly: from the Monday after today, once, whatever the daily passes in between.
    const monday = new Date(digestWeekStart(new Date(Date.now() + 7 * DAY)).getTime() + 8 * 3600_000);
    await runAlertDigest(server.ctx, morning(1));
    await runAlertDigest(server.ctx, monday);
    await runAlertDigest(server.ctx, new Date(monday.getTime() + DAY));
    const weekly = await digestsTo(carmen.email);
    expect(weekly).toHaveLength(1);
    const text = weekly[0]?.text ?? "";
    expect(text).toContain("Visitador médico zona norte");
    expect(text).toContain("Ofertas recomendadas para ti:");
    const recommended = text.slice(text.indexOf("Ofertas recomendadas para ti:"));
    expect(recommended).toContain(similar.titulo);
    expect(recommended).not.toContain("ya inscrita");
    expect(recommended).not.toContain("cerrada");
    expect(recommended).not.toContain("Visitador médico zona norte"); // already listed above
    expect(recommended.match(/^• /gm)?.length ?? 0).toBeLessThanOrEqual(3);
  });

  it("recommends offers on a signed-in candidate's home page, leaving the anonymous page cached", async () => {
    const rosa = await person("Rosa");
    const applied = await insertOffer(server.ctx, empresaId, { titulo: "Técnica de registros aplicada", cargoId: 45, estadoId: BARCELONA });
    await applyWithCv(rosa.client, applied.id);
    const open = await insertOffer(server.ctx, empresaId, { titulo: "Técnica de registros abierta", cargoId: 45, estadoId: BARCELONA });
    await insertOffer(server.ctx, empresaId, {
      titulo: "Técnica de registros caducada",
      cargoId: 45,
      estadoId: BARCELONA,
      status: "caducada",
    });
    const home = await rosa.client.fetch("/app", { headers: { Accept: "text/html" } });
    const html = await home.text();
    expect(home.headers.get("cache-control")).toContain("private");
    const section = html.slice(html.indexOf("Ofertas recomendadas para ti"), html.indexOf("Últimas ofertas de empleo"));
    expect(section).toContain(open.titulo);
    expect(section).not.toContain("registros aplicada");
    expect(section).not.toContain("registros caducada");

    const anonymous = await server.fetch("/app", { headers: { Accept: "text/html" } });
    expect(anonymous.headers.get("cache-control")).toContain("public");
    expect(await anonymous.text()).not.toContain("Ofertas recomendadas para ti");
  });
});
