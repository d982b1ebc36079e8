import { formatDate } from "#app/lib/format";
import { useTimeZone } from "#app/lib/time-zone";
import { PlainDataList } from "#app/ui/plain-mantine";
import {
  CONTRACT_TYPE_LABELS,
  EDUCATION_LEVEL_LABELS,
  EXPERIENCE_LEVEL_LABELS,
  JORNADA_LABELS,
  WORK_MODE_LABELS,
} from "#common/jobs/vocabulary";
import type { OfferDetail } from "#server/jobs";
import { locationText, salaryText } from "./salary";

/** The facts a candidate compares offers by, as a definition list. */
export function OfferFacts({ offer }: { offer: OfferDetail }) {
  const tz = useTimeZone();
  const facts: [string, string][] = [
    ["Ubicación", locationText(offer)],
    ["Modalidad", WORK_MODE_LABELS[offer.modalidad]],
    ["Contrato", CONTRACT_TYPE_LABELS[offer.contrato]],
    ["Jornada", JORNADA_LABELS[offer.jornada]],
    ["Salario", salaryText(offer.salario) ?? "No especificado"],
    ["Experiencia", EXPERIENCE_LEVEL_LABELS[offer.experiencia]],
    ["Estudios mínimos", EDUCATION_LEVEL_LABELS[offer.estudios]],
    ["Vacantes", String(offer.vacantes)],
    ["Publicada", offer.status === "borrador" ? "Sin publicar" : formatDate(offer.publicadaEn, tz)],
  ];
  if (offer.expiraEn) facts.push(["Fecha límite", formatDate(offer.expiraEn, tz)]);
  // Ten facts are thirty Mantine components; their plain markup renders the same (decision 0049).
  return <PlainDataList items={facts} labelWidth="8rem" />;
}
