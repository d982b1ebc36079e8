import { cargos, empresaTipos, findEstadosOfPais, paises } from "#server/reference";
import type { Option } from "./register-form";

/** Select options for the accounts forms, from the in-memory reference catalogue (decision 0005). */
export const paisOptions = (): Option[] => paises.map((p) => ({ value: String(p.id), label: p.nombre }));
export const cargoOptions = (): Option[] => cargos.map((c) => ({ value: String(c.id), label: c.nombre }));
export const empresaTipoOptions = (): Option[] => empresaTipos.map((t) => ({ value: String(t.id), label: t.nombre }));
export const estadoOptions = (paisId: number): Option[] => findEstadosOfPais(paisId).map((e) => ({ value: String(e.id), label: e.nombre }));
