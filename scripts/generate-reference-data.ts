/**
 * Generates the committed reference data in data/reference/:
 * regiones, paises, estados, cargos and empresa-tipos.
 *
 *   npm run data:reference   (= npx tsx scripts/generate-reference-data.ts)
 *
 * Sources: i18n-iso-countries (country names), libphonenumber-js (calling
 * codes), iso-3166-2 (subdivisions) and the hand-kept tables in
 * scripts/reference/. Ids are stable: each file is read back before being
 * rewritten and existing records keep their ids (España is always 28), so
 * rerunning the script gives byte-identical output.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Cargo, EmpresaTipo, Estado, Pais } from "#common/reference";
import { buildCargos, buildEmpresaTipos } from "./reference/catalogues";
import { assignPaisIds, buildPais, listCountries } from "./reference/countries";
import { buildEstados, checkOverridesUsed, type Subdivision, selectSubdivisions } from "./reference/estados";
import { REGIONES } from "./reference/regions";
import { estadoTipoFor } from "./reference/subdivision-types";
import { compareEs, readJsonArray, writeJson } from "./reference/util";

const OUT_DIR = join(fileURLToPath(new URL("..", import.meta.url)), "data", "reference");
const outFile = (name: string) => join(OUT_DIR, `${name}.json`);

interface Generated {
  paises: Pais[];
  estados: Estado[];
}

/** Countries and their subdivisions are built together: estado_tipo needs both. */
function generateGeography(): Generated {
  const countries = listCountries();
  const paisIds = assignPaisIds(countries, readJsonArray<Pais>(outFile("paises")));

  const unmapped = new Set<string>();
  const subdivisionsByPaisId = new Map<number, Subdivision[]>();
  const paises = countries.map((country) => {
    const id = paisIds.get(country.iso) as number;
    const subdivisions = selectSubdivisions(country.iso);
    if (subdivisions.length > 0) subdivisionsByPaisId.set(id, subdivisions);
    const types = subdivisions.map((s) => s.type);
    const estadoTipo = estadoTipoFor(country.iso, types, (type) => unmapped.add(`${country.iso}: ${type}`));
    return buildPais(country, id, estadoTipo);
  });
  if (unmapped.size > 0) {
    console.warn(`estado_tipo defaulted for unmapped types: ${[...unmapped].join(", ")}`);
  }

  const estados = buildEstados(subdivisionsByPaisId, readJsonArray<Estado>(outFile("estados")));
  checkOverridesUsed(estados);
  return { paises, estados };
}

function main(): void {
  const { paises, estados } = generateGeography();
  const cargos = buildCargos(readJsonArray<Cargo>(outFile("cargos")));
  const empresaTipos = buildEmpresaTipos(readJsonArray<EmpresaTipo>(outFile("empresa-tipos")));

  // Guard the ordering contract the API and the tests rely on.
  for (let i = 1; i < paises.length; i++) {
    if (compareEs((paises[i - 1] as Pais).nombre, (paises[i] as Pais).nombre) >= 0) {
      throw new Error(`paises not strictly sorted at ${(paises[i] as Pais).nombre}`);
    }
  }

  writeJson(outFile("regiones"), REGIONES);
  writeJson(outFile("paises"), paises);
  writeJson(outFile("estados"), estados);
  writeJson(outFile("cargos"), cargos);
  writeJson(outFile("empresa-tipos"), empresaTipos);

  const spain = estados.filter((e) => e.pais_id === 28).length;
  console.log(
    `Reference data written to ${OUT_DIR}: ${REGIONES.length} regiones, ${paises.length} paises, ` +
      `${estados.length} estados (${spain} in España), ${cargos.length} cargos, ${empresaTipos.length} empresa-tipos`,
  );
}

main();
