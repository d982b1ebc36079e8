// The reference area's public entry: other areas, the composition root and app/**/*.server.ts import only this.
export {
  cargos,
  empresaTipos,
  estadoBelongsToPais,
  findCargoById,
  findCargoBySlug,
  findEstadoById,
  findEstadosOfPais,
  findPaisById,
  findPaisByIso,
  findPaisBySlug,
  isMainMarket,
  paises,
} from "./catalog";
export { type GeoIp, loadGeoIp } from "./geoip";
export { geoLocate } from "./service";
export { syncReferenceData } from "./sync";
