import type { ContractType, Jornada, SalaryPeriod } from "#common/jobs/vocabulary";
import { pathTo } from "#common/route-names";
import type { OfferDetail } from "#server/jobs";

/** schema.org employmentType values Google understands. */
type EmploymentType = "FULL_TIME" | "PART_TIME" | "CONTRACTOR" | "TEMPORARY" | "INTERN" | "OTHER";

const BY_CONTRACT: Partial<Record<ContractType, EmploymentType>> = {
  temporal: "TEMPORARY",
  practicas: "INTERN",
  formacion: "INTERN",
  autonomo: "CONTRACTOR",
  otro: "OTHER",
};
const BY_JORNADA: Record<Jornada, EmploymentType> = {
  completa: "FULL_TIME",
  intensiva: "FULL_TIME",
  flexible: "FULL_TIME",
  parcial: "PART_TIME",
};
const UNIT_TEXT: Record<SalaryPeriod, string> = { anual: "YEAR", mensual: "MONTH", hora: "HOUR" };

export function employmentTypesOf(contrato: ContractType, jornada: Jornada): EmploymentType[] {
  const types = [BY_JORNADA[jornada], BY_CONTRACT[contrato]].filter((type): type is EmploymentType => Boolean(type));
  return [...new Set(types)];
}

/**
 * A company's logo at an address crawlers may fetch: an uploaded one is served under /api/ (closed
 * by robots.txt) and also under /og/empresa/{id}.webp, with the same version.
 */
function crawlableLogoUrl(empresa: OfferDetail["empresa"], appUrl: string): string | null {
  if (!empresa.logo) return null;
  const url = new URL(empresa.logo, appUrl);
  if (!url.pathname.startsWith("/api/")) return url.toString();
  return `${appUrl}/og/empresa/${empresa.id}.webp${url.search}`;
}

/**
 * Until when the posting is valid. Google drops a posting whose validThrough is past (its advice for
 * filled or expired jobs, besides leaving the sitemap): an expired offer keeps its expiry; a closed
 * one says when it closed (its last change, which the closing was), never a future expiry.
 */
export function validThroughOf(offer: Pick<OfferDetail, "expiraEn" | "closedReason" | "actualizadaEn">): string | null {
  if (offer.closedReason !== "cerrada") return offer.expiraEn;
  if (offer.expiraEn && offer.expiraEn < offer.actualizadaEn) return offer.expiraEn;
  return offer.actualizadaEn;
}

/**
 * The offer as schema.org JobPosting (what Google for Jobs reads). `appUrl` makes the addresses
 * absolute; sameAs is the company's page here (its own site when known).
 */
export function jobPostingOf(offer: OfferDetail, appUrl: string, companyUrl?: string | null) {
  const organization: Record<string, unknown> = {
    "@type": "Organization",
    name: offer.empresa.nombre,
    sameAs: companyUrl || `${appUrl}${pathTo("empleo-empresa", { slug: offer.empresa.slug })}`,
  };
  const logo = crawlableLogoUrl(offer.empresa, appUrl);
  if (logo) organization.logo = logo;

  const posting: Record<string, unknown> = {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: offer.titulo,
    description: offer.descripcionHtml,
    datePosted: offer.publicadaEn,
    hiringOrganization: organization,
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        addressLocality: offer.ciudad,
        ...(offer.estado ? { addressRegion: offer.estado.nombre } : {}),
        addressCountry: offer.pais.iso,
      },
    },
    employmentType: employmentTypesOf(offer.contrato, offer.jornada),
    identifier: { "@type": "PropertyValue", name: offer.empresa.nombre, value: String(offer.id) },
    directApply: true,
    url: `${appUrl}${offer.url}`,
    totalJobOpenings: offer.vacantes,
  };
  const validThrough = validThroughOf(offer);
  if (validThrough) posting.validThrough = validThrough;
  if (offer.modalidad === "remoto") {
    posting.jobLocationType = "TELECOMMUTE";
    posting.applicantLocationRequirements = { "@type": "Country", name: offer.pais.nombre };
  }
  const salary = offer.salario;
  if (salary && (salary.min !== null || salary.max !== null)) {
    const value: Record<string, unknown> = { "@type": "QuantitativeValue", unitText: UNIT_TEXT[salary.periodo as SalaryPeriod] ?? "YEAR" };
    if (salary.min !== null) value.minValue = salary.min;
    if (salary.max !== null) value.maxValue = salary.max;
    if (salary.min !== null && salary.max !== null && salary.min === salary.max) value.value = salary.min;
    posting.baseSalary = { "@type": "MonetaryAmount", currency: salary.moneda, value };
  }
  return posting;
}
