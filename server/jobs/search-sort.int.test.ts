import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BARCELONA, createCandidate, createCompany, insertOffer, MADRID, mailsTo } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { runAlertDigest } from "./alert-digests";

let server: TestServer;
let empresaId: number;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ids: Record<string, number> = {};

type Page = { items: Array<{ id: number; titulo: string }>; next_cursor: string | null; total: number };
const search = async (query: string): Promise<Page> => {
  const response = await server.fetch(`/api/empleo/ofertas?pais=espana&${query}`);
  expect(response.status).toBe(200);
  return response.json();
};
const titles = (page: Page) => page.items.map((item) => item.titulo);

beforeAll(async () => {
  server = await startTestServer();
  empresaId = (await createCompany(server.ctx, "Laboratorios Orden")).empresa.id;
  const offers = [
    // A monthly 3,000 is 36,000 a year: above a yearly 35,000 and below a yearly 40,000.
    { titulo: "Anual cuarenta mil", salarioMin: 30_000, salarioMax: 40_000, salarioPeriodo: "anual", ago: 3 * DAY },
    { titulo: "Mensual tres mil", salarioMin: 2_500, salarioMax: 3_000, salarioPeriodo: "mensual", ago: 2 * DAY, jornada: "parcial" },
    { titulo: "Anual treinta y cinco mil", salarioMin: 35_000, salarioMax: null, salarioPeriodo: "anual", ago: 40 * DAY },
    { titulo: "Sin salario oncología", salarioMin: null, salarioMax: null, salarioPeriodo: null, ago: 2 * HOUR },
    { titulo: "Oncología hospitalaria oncología", salarioMin: null, salarioMax: null, salarioPeriodo: null, ago: 10 * DAY },
  ] as const;
  const levels: Record<string, { experiencia: string; estudios: string }> = {
    "Anual cuarenta mil": { experiencia: "mas_5_anios", estudios: "master" },
    "Mensual tres mil": { experiencia: "sin_experiencia", estudios: "fp_superior" },
    "Anual treinta y cinco mil": { experiencia: "1_anio", estudios: "grado" },
    "Sin salario oncología": { experiencia: "2_anios", estudios: "fp_medio" },
    "Oncología hospitalaria oncología": { experiencia: "3_5_anios", estudios: "doctorado" },
  };
  for (const offer of offers) {
    const row = await insertOffer(server.ctx, empresaId, {
      titulo: offer.titulo,
      descripcionTexto: `${offer.titulo}. Buscamos una persona con ganas de crecer en el sector de la salud.`,
      salarioMin: offer.salarioMin,
      salarioMax: offer.salarioMax,
      salarioMoneda: offer.salarioMin ? "EUR" : null,
      salarioPeriodo: offer.salarioPeriodo,
      publishedAt: new Date(Date.now() - offer.ago),
      jornada: "jornada" in offer ? offer.jornada : "completa",
      estadoId: offer.titulo === "Mensual tres mil" ? BARCELONA : MADRID,
      ...levels[offer.titulo],
    });
    ids[offer.titulo] = row.id;
  }
});
afterAll(() => server?.close());

describe("sorting the offers", () => {
  it("sorts by salary as a yearly amount, offers without salary last, and pages through that order", async () => {
    const expected = [
      "Anual cuarenta mil",
      "Mensual tres mil",
      "Anual treinta y cinco mil",
      // Offers without a salary come last, the most recently created first.
      "Oncología hospitalaria oncología",
      "Sin salario oncología",
    ];
    expect(titles(await search("orden=salario"))).toEqual(expected);
    // Two at a time with the cursor: the same order, nothing repeated or skipped.
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: Page = await search(`orden=salario&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...titles(page));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(expected);
  });

  it("sorts by date (the default) or by relevance with keywords", async () => {
    const byDate = [
      "Sin salario oncología",
      "Mensual tres mil",
      "Anual cuarenta mil",
      "Oncología hospitalaria oncología",
      "Anual treinta y cinco mil",
    ];
    expect(titles(await search(""))).toEqual(byDate);
    expect(titles(await search("orden=fecha"))).toEqual(byDate);
    // "relevancia" without keywords is the newest first.
    expect(titles(await search("orden=relevancia"))).toEqual(byDate);
    // The offer that says "oncología" three times ranks above the newer one that says it twice.
    expect(titles(await search("q=oncolog%C3%ADa"))).toEqual(["Oncología hospitalaria oncología", "Sin salario oncología"]);
    expect(titles(await search("q=oncolog%C3%ADa&orden=fecha"))).toEqual(["Sin salario oncología", "Oncología hospitalaria oncología"]);
    // A cursor of another order starts again rather than mixing orders.
    const first = await search("orden=salario&limit=1");
    expect((await server.fetch(`/api/empleo/ofertas?pais=espana&orden=fecha&cursor=${first.next_cursor}`)).status).toBe(422);
  });

  it("refuses an unknown order or filter value with a Spanish message", async () => {
    const response = await server.fetch("/api/empleo/ofertas?pais=espana&orden=aleatorio&publicada=ayer");
    expect(response.status).toBe(422);
    const body = JSON.stringify(await response.json());
    expect(body).toContain("El orden no es válido.");
    expect(body).toContain("La fecha de publicación no es válida.");
  });
});

describe("filtering the offers", () => {
  it("filters by date posted, working hours, experience and education", async () => {
    expect(titles(await search("publicada=24h"))).toEqual(["Sin salario oncología"]);
    expect((await search("publicada=7d")).total).toBe(3);
    expect((await search("publicada=30d")).total).toBe(4);
    expect(titles(await search("jornada=parcial"))).toEqual(["Mensual tres mil"]);
    // The candidate's own level: offers asking for at most that much.
    expect(titles(await search("experiencia=1_anio&orden=salario"))).toEqual(["Mensual tres mil", "Anual treinta y cinco mil"]);
    expect((await search("experiencia=mas_5_anios")).total).toBe(5);
    expect(titles(await search("estudios=fp_superior&orden=salario"))).toEqual(["Mensual tres mil", "Sin salario oncología"]);
    expect(titles(await search("estudios=grado&experiencia=2_anios&orden=salario"))).toEqual([
      "Mensual tres mil",
      "Anual treinta y cinco mil",
      "Sin salario oncología",
    ]);
  });

  it("shows the sort links and the new filters on the listing page, keeping the choice", async () => {
    const html = await (await server.fetch("/app/empleo/p/espana?orden=salario&jornada=parcial")).text();
    expect(html).toContain('aria-label="Ordenar resultados"');
    expect(html).toContain("Salario más alto");
    expect(html).toContain("Mensual tres mil");
    expect(html).not.toContain("Anual cuarenta mil");
    expect(html).toContain("Filtros (1)");
    for (const label of ["Jornada", "Fecha de publicación", "Tu experiencia", "Tus estudios"]) expect(html).toContain(label);
    expect(html).toMatch(/<option value="parcial" selected="">/);
  });
});

describe("alerts with the new filters", () => {
  it("stores province, working hours, experience and education, and e-mails only matching offers", async () => {
    const user = await createCandidate(server.ctx, { nombre: "Berta" });
    const berta = await new BrowserClient(server).signInAs(user.id);
    const wrongProvince = await berta.json("/api/empleo/alertas", { pais: "mexico", estado: MADRID });
    expect(wrongProvince.status).toBe(422);
    const created = await berta.json("/api/empleo/alertas", {
      pais: "espana",
      estado: BARCELONA,
      jornada: "parcial",
      experiencia: "1_anio",
      estudios: "grado",
    });
    expect(created.status).toBe(201);
    const alert = await created.json();
    expect(alert.criteria).toMatchObject({ estado: BARCELONA, jornada: "parcial", experiencia: "1_anio", estudios: "grado" });
    expect(alert.descripcion).toBe("Barcelona, España · Jornada parcial · Experiencia: 1 año · Estudios: grado universitario");

    const soon = new Date(Date.now() + 1000);
    const base = { estadoId: BARCELONA, jornada: "parcial", experiencia: "sin_experiencia", estudios: "grado", publishedAt: soon };
    await insertOffer(server.ctx, empresaId, { ...base, titulo: "Coincide parcial Barcelona" });
    await insertOffer(server.ctx, empresaId, { ...base, titulo: "Otra provincia", estadoId: MADRID });
    await insertOffer(server.ctx, empresaId, { ...base, titulo: "Jornada completa", jornada: "completa" });
    await insertOffer(server.ctx, empresaId, { ...base, titulo: "Pide mucha experiencia", experiencia: "mas_5_anios" });
    await insertOffer(server.ctx, empresaId, { ...base, titulo: "Pide doctorado", estudios: "doctorado" });

    expect(await runAlertDigest(server.ctx, new Date(Date.now() + DAY))).toBe(1);
    const [digest] = (await mailsTo(server.ctx, user.email)).filter((m) => m.kind === "job_alert_digest");
    expect(digest?.text).toContain("Coincide parcial Barcelona");
    for (const other of ["Otra provincia", "Jornada completa", "Pide mucha experiencia", "Pide doctorado"])
      expect(digest?.text).not.toContain(other);
    // The digest's "see all" link repeats the whole search.
    expect(digest?.text).toContain(`estado=${BARCELONA}`);
    expect(digest?.text).toContain("jornada=parcial");
  });
});
