import { describe, expect, it } from "vitest";
import type { OfferDetail } from "#server/jobs/types";
import { employmentTypesOf, jobPostingOf } from "./job-posting";

const offer: OfferDetail = {
  id: 42,
  slug: "tecnico-de-farmacovigilancia",
  titulo: "Técnico de farmacovigilancia",
  url: "/app/empleo/oferta/laboratorios-demo/42-tecnico-de-farmacovigilancia",
  empresa: { id: 1, nombre: "Laboratorios Demo", slug: "laboratorios-demo", logo: null },
  cargo: { id: 9, slug: "farmacovigilancia", nombre: "Farmacovigilancia" },
  pais: { id: 28, slug: "espana", nombre: "España", iso: "ES" },
  estado: { id: 7, nombre: "Madrid" },
  ciudad: "Alcobendas",
  modalidad: "remoto",
  contrato: "indefinido",
  jornada: "completa",
  salario: { min: 30000, max: 38000, moneda: "EUR", periodo: "anual" },
  publicadaEn: "2026-11-20T09:00:00.000Z",
  expiraEn: "2026-12-31T23:59:59.000Z",
  snippet: "…",
  delegacion: null,
  experiencia: "2_anios",
  estudios: "grado",
  descripcionHtml: "<p>Hola</p><script>alert(1)</script>",
  vacantes: 2,
  preguntas: [],
  status: "publicada",
  actualizadaEn: "2026-11-20T09:00:00.000Z",
  isOpen: true,
  closedReason: null,
};

describe("jobPostingOf", () => {
  it("gives the hiring organisation its page (sameAs) and a logo crawlers may fetch (outside /api/)", () => {
    const withLogo = { ...offer, empresa: { ...offer.empresa, logo: "/api/empleo/empresas/1/logo?v=3f9a1c2e" } };
    expect(jobPostingOf(withLogo, "https://farmanexo.test").hiringOrganization).toEqual({
      "@type": "Organization",
      name: "Laboratorios Demo",
      sameAs: "https://farmanexo.test/app/empleo/empresa/laboratorios-demo",
      logo: "https://farmanexo.test/og/empresa/1.webp?v=3f9a1c2e",
    });
    const external = { ...offer, empresa: { ...offer.empresa, logo: "https://cdn.example.com/logo.png" } };
    expect(jobPostingOf(external, "https://farmanexo.test").hiringOrganization).toMatchObject({ logo: "https://cdn.example.com/logo.png" });
  });

  it("describes the offer as schema.org JobPosting", () => {
    const posting = jobPostingOf(offer, "https://farmanexo.test");
    expect(posting).toMatchObject({
      "@type": "JobPosting",
      title: "Técnico de farmacovigilancia",
      datePosted: offer.publicadaEn,
      validThrough: offer.expiraEn,
      hiringOrganization: { "@type": "Organization", name: "Laboratorios Demo" },
      jobLocation: { "@type": "Place", address: { addressLocality: "Alcobendas", addressRegion: "Madrid", addressCountry: "ES" } },
      employmentType: ["FULL_TIME"],
      identifier: { "@type": "PropertyValue", name: "Laboratorios Demo", value: "42" },
      directApply: true,
      jobLocationType: "TELECOMMUTE",
      baseSalary: { "@type": "MonetaryAmount", currency: "EUR", value: { minValue: 30000, maxValue: 38000, unitText: "YEAR" } },
      url: "https://farmanexo.test/app/empleo/oferta/laboratorios-demo/42-tecnico-de-farmacovigilancia",
    });
  });

  it("leaves out what the offer does not say", () => {
    const posting = jobPostingOf({ ...offer, salario: null, modalidad: "presencial", expiraEn: null, estado: null }, "https://x.test");
    expect(posting).not.toHaveProperty("baseSalary");
    expect(posting).not.toHaveProperty("jobLocationType");
    expect(posting).not.toHaveProperty("validThrough");
    expect((posting.jobLocation as { address: object }).address).not.toHaveProperty("addressRegion");
  });

  it("never promises a future validThrough for a closed or expired offer (Google then drops the posting)", () => {
    // Closed on 25 Nov although it would have run until 31 Dec: valid through the closing.
    const closed = {
      ...offer,
      status: "cerrada" as const,
      isOpen: false,
      closedReason: "cerrada" as const,
      actualizadaEn: "2026-11-25T10:00:00.000Z",
    };
    expect(jobPostingOf(closed, "https://x.test").validThrough).toBe("2026-11-25T10:00:00.000Z");
    expect(jobPostingOf({ ...closed, expiraEn: null }, "https://x.test").validThrough).toBe("2026-11-25T10:00:00.000Z");
    // Expired before it was last touched: the expiry, the earlier of the two.
    expect(jobPostingOf({ ...closed, expiraEn: "2026-11-22T00:00:00.000Z" }, "https://x.test").validThrough).toBe(
      "2026-11-22T00:00:00.000Z",
    );
    const expired = { ...offer, isOpen: false, closedReason: "caducada" as const, expiraEn: "2026-11-21T00:00:00.000Z" };
    expect(jobPostingOf(expired, "https://x.test").validThrough).toBe("2026-11-21T00:00:00.000Z");
  });

  it("maps contract and hours to employment types", () => {
    expect(employmentTypesOf("temporal", "parcial")).toEqual(["PART_TIME", "TEMPORARY"]);
    expect(employmentTypesOf("practicas", "completa")).toEqual(["FULL_TIME", "INTERN"]);
    expect(employmentTypesOf("autonomo", "flexible")).toEqual(["FULL_TIME", "CONTRACTOR"]);
  });
});
