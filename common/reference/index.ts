/** Reference records exactly as the API returns them (product-spec §3). */
export type Region = { id: number; nombre: string };

export type Pais = {
  id: number;
  nombre: string;
  nombre_en: string;
  timezone: null;
  slug: string;
  iso: string;
  estado_tipo: string;
  prefijo_tel: string | null;
  region: Region;
};

export type Estado = { id: number; pais_id: number; codigo: string; nombre: string; slug: string };
export type Cargo = { id: number; slug: string; nombre: string };
export type EmpresaTipo = { id: number; slug: string; nombre: string };
export type GeoIpResult = { id: number; country: { iso_code: string } };
