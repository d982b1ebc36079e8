/** A profile form's saved values, as the form's fields hold them (ids as strings, "" when unset). */
export type ProfileValues = {
  cargo: string | null;
  empresa_nombre: string;
  delegacion: string;
  empresa_tipo: string | null;
  desempleado: boolean;
  autoempleo: boolean;
  nacimiento: string;
  pais: string | null;
  estado: string | null;
  zonas: string[];
  /** The user's own company (mkt, empleo). */
  company: CompanyValues | null;
};

/** The company fields of the marketing, empleo and empleo-empresa forms, as the form holds them. */
export type CompanyValues = {
  empresa: string;
  emailEmpresa: string;
  empresaTelefono: string;
  tipoEmpresa: string | null;
  empresaWeb: string;
  empresaDireccion: string;
  empresaDireccion2: string;
  empresaCodigoPostal: string;
  empresaPoblacion: string;
  empresaPais: string;
  empresaEstado: string | null;
};
