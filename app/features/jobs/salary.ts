import { formatMoney } from "#app/lib/format";
import { SALARY_PERIOD_LABELS, type SalaryPeriod } from "#common/jobs/vocabulary";
import type { OfferSummary } from "#server/jobs";

/** "30.000 € – 40.000 € al año", "Desde 1.800 € al mes"; null when the offer gives no salary. */
export function salaryText(salario: OfferSummary["salario"]): string | null {
  if (!salario || (salario.min === null && salario.max === null)) return null;
  const money = (amount: number) => formatMoney(amount, salario.moneda);
  const period = SALARY_PERIOD_LABELS[salario.periodo as SalaryPeriod] ?? salario.periodo;
  if (salario.min !== null && salario.max !== null && salario.min !== salario.max) {
    return `${money(salario.min)} – ${money(salario.max)} ${period}`;
  }
  if (salario.min !== null && salario.max !== null) return `${money(salario.min)} ${period}`;
  if (salario.min !== null) return `Desde ${money(salario.min)} ${period}`;
  return `Hasta ${money(salario.max ?? 0)} ${period}`;
}

/** "Sevilla, Sevilla, España" without repeating a city that names its province. */
export function locationText(offer: Pick<OfferSummary, "ciudad" | "estado" | "pais">): string {
  const parts = [offer.ciudad, offer.estado?.nombre, offer.pais.nombre].filter((part): part is string => Boolean(part));
  return parts.filter((part, index) => parts.findIndex((other) => other.toLowerCase() === part.toLowerCase()) === index).join(", ");
}
