import type { RegisterTypeName } from "#common/accounts";
import { companyPayload } from "./company-fields";

/**
 * The JSON payload of POST /api/user/<type>, built from the profile step's posted form, so the page
 * action parses the same schema and calls the same service as the API (decision 0060).
 */
export const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
export const formId = (form: FormData, name: string) => {
  const value = formText(form, name).trim();
  return value ? Number(value) : null;
};
/** A checkbox posts "1" when ticked and nothing otherwise. */
const formFlag = (form: FormData, name: string) => form.get(name) === "1";

export function profilePayload(type: RegisterTypeName, form: FormData) {
  const person = { nombre: formText(form, "nombre"), apellidos: formText(form, "apellidos"), cargo: formId(form, "cargo") };
  // A multi-select posts its values joined by commas.
  if (type === "visita") return { ...person, zonas: formText(form, "zonas").split(",").filter(Boolean).map(Number) };
  if (type === "mkt" || type === "empleo") return { ...person, ...companyPayload(form, type === "mkt") };
  const desempleado = formFlag(form, "desempleado");
  const base = {
    ...person,
    empresa_nombre: desempleado ? null : formText(form, "empresa_nombre") || null,
    delegacion: formText(form, "delegacion") || null,
    empresa_tipo: formId(form, "empresa_tipo"),
    desempleado,
    autoempleo: formFlag(form, "autoempleo"),
  };
  if (type !== "candidato") return base;
  return { ...base, nacimiento: formText(form, "nacimiento"), pais: formId(form, "pais"), estado: formId(form, "estado") };
}
