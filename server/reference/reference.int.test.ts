import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pais } from "#common/reference";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" });
});
afterAll(() => server?.close());

describe("GET /api/paises", () => {
  it("lists every country sorted by Spanish name with the fields of the specification", async () => {
    const response = await server.fetch("/api/paises");
    expect(response.status).toBe(200);
    const paises = (await response.json()) as Pais[];
    expect(paises.length).toBeGreaterThan(229);
    const names = paises.map((p) => p.nombre);
    expect(names).toEqual([...names].sort(new Intl.Collator("es").compare));
    expect(Object.keys(paises[0] ?? {}).sort()).toEqual(
      ["estado_tipo", "id", "iso", "nombre", "nombre_en", "prefijo_tel", "region", "slug", "timezone"].sort(),
    );
    expect(paises.find((p) => p.iso === "EH")?.prefijo_tel).toBeNull();
  });

  it("returns España as id 28", async () => {
    const response = await server.fetch("/api/paises/28");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: 28,
      nombre: "España",
      slug: "espana",
      iso: "ES",
      prefijo_tel: "+34",
      timezone: null,
      region: { id: 3, nombre: "Europa" },
    });
  });

  it("answers 404 with a JSON error for an unknown or malformed id", async () => {
    for (const id of ["99999", "abc", "-1"]) {
      const response = await server.fetch(`/api/paises/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "País no encontrado.", code: "NOT_FOUND" });
    }
  });

  it("looks a country up by ISO code, case-insensitively", async () => {
    const mx = await server.fetch("/api/paises/iso?code=mx");
    expect(await mx.json()).toMatchObject({ iso: "MX", nombre: "México", prefijo_tel: "+52" });
    expect((await server.fetch("/api/paises/iso?code=QQ")).status).toBe(404);
    const bad = await server.fetch("/api/paises/iso?code=MEX");
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.code).toEqual(["El código ISO debe tener dos letras."]);
    const index = await (await server.fetch("/api/paises/iso")).json();
    expect(index.ES).toEqual({ id: 28, slug: "espana" });
  });

  it("lists the 52 Spanish provinces and autonomous cities", async () => {
    const estados = (await (await server.fetch("/api/paises/28/estados")).json()) as Array<{ nombre: string }>;
    expect(estados).toHaveLength(52);
    expect(estados.map((e) => e.nombre)).toEqual(expect.arrayContaining(["Madrid", "Barcelona", "Alicante", "Ceuta", "Melilla"]));
  });
});

describe("GET /api/sistema/cargos", () => {
  it("lists the sector's job titles with slug and name", async () => {
    const cargos = (await (await server.fetch("/api/sistema/cargos")).json()) as Array<{ slug: string; nombre: string }>;
    expect(cargos.length).toBeGreaterThanOrEqual(40);
    expect(cargos.map((c) => c.slug)).toContain("visitador-medico");
  });
});

describe("GET /api/geoip", () => {
  const locate = async (ip: string) => (await server.fetch("/api/geoip", { headers: { "X-Forwarded-For": ip } })).json();

  it("locates a Spanish and a Mexican address", async () => {
    expect(await locate("83.44.0.1")).toEqual({ id: 28, country: { iso_code: "ES" } });
    const mx = await locate("189.203.0.1");
    expect(mx.country).toEqual({ iso_code: "MX" });
    expect(mx.id).not.toBe(28);
  });

  it("falls back to España for an unknown or private address", async () => {
    expect(await locate("10.1.2.3")).toEqual({ id: 28, country: { iso_code: "ES" } });
    expect(await locate("not-an-ip")).toEqual({ id: 28, country: { iso_code: "ES" } });
  });

  it("trusts only the proxy-appended (right-most) X-Forwarded-For entry", async () => {
    expect(await locate("189.203.0.1, 83.44.0.1")).toEqual({ id: 28, country: { iso_code: "ES" } });
  });
});
