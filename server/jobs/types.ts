import type {
  AlertCriteria,
  AlertFrequency,
  ApplicationStatus,
  ContractType,
  EducationLevel,
  ExperienceLevel,
  Jornada,
  OfferSearchParams,
  OfferStatus,
  ScreeningAnswer,
  ScreeningQuestion,
  WorkMode,
} from "#common/jobs";

export type { OfferSearchParams };

/** An offer as listings show it. Dates are ISO strings so loaders can serialise them as they are. */
export type OfferSummary = {
  id: number;
  slug: string;
  titulo: string;
  /** Full path of the public page: pathTo("empleo-oferta", { slugEmpresa, idSlugOferta: `${id}-${slug}` }). */
  url: string;
  empresa: { id: number; nombre: string; slug: string; logo: string | null };
  cargo: { id: number; slug: string; nombre: string };
  pais: { id: number; slug: string; nombre: string; iso: string };
  estado: { id: number; nombre: string } | null;
  ciudad: string;
  modalidad: WorkMode;
  contrato: ContractType;
  jornada: Jornada;
  salario: { min: number | null; max: number | null; moneda: string; periodo: string } | null;
  publicadaEn: string;
  expiraEn: string | null;
  /** Plain-text excerpt of the description (about 200 characters). */
  snippet: string;
};

export type OfferDetail = OfferSummary & {
  delegacion: { id: number; nombre: string } | null;
  experiencia: ExperienceLevel;
  estudios: EducationLevel;
  /** Sanitised on write; safe to render as HTML. */
  descripcionHtml: string;
  vacantes: number;
  /** Screening questions the candidate answers when applying (decision 0042). */
  preguntas: ScreeningQuestion[];
  status: OfferStatus;
  actualizadaEn: string;
  /** Published, not past its expiry date and not closed: candidates can apply. */
  isOpen: boolean;
  closedReason: "cerrada" | "caducada" | null;
};

export type OfferSearchResult = {
  items: OfferSummary[];
  nextCursor: string | null;
  total: number;
  facets: {
    cargos: { slug: string; nombre: string; count: number }[];
    estados: { id: number; nombre: string; count: number }[];
  };
};

export type ViewerState = { applied: boolean; applicationStatus: ApplicationStatus | null; saved: boolean; canApply: boolean };

/** A candidate's own application. */
export type ApplicationView = {
  id: number;
  status: ApplicationStatus;
  statusLabel: string;
  creadaEn: string;
  actualizadaEn: string;
  oferta: OfferSummary & { isOpen: boolean };
  /** Every status it has had, oldest first, and who set it. */
  historial: ApplicationEventView[];
  /** The candidate's answers to the offer's screening questions. */
  respuestas: ScreeningAnswer[];
  /** The company has opened the application («Vista por la empresa»). */
  vistaPorEmpresa: boolean;
};

/** An applicant as the company sees them. */
export type ApplicantView = {
  id: number;
  status: ApplicationStatus;
  creadaEn: string;
  /** When the company first opened it; null: «sin revisar». */
  vistaEn: string | null;
  carta: string;
  candidato: {
    id: number;
    nombre: string | null;
    apellidos: string | null;
    email: string;
    pais: { id: number; nombre: string } | null;
    cargo: string | null;
  };
  cvNombre: string;
  respuestas: ScreeningAnswer[];
  /** False when a knock-out answer disqualified the candidate («No cumple requisitos»). */
  cumpleRequisitos: boolean;
  /** The company's private note and rating (1-5) of the applicant. */
  nota: string;
  valoracion: number | null;
};

export type ApplicationCounts = { total: number; sin_revisar: number } & Record<ApplicationStatus, number>;

export type PanelOffer = OfferDetail & {
  counts: ApplicationCounts;
  /** Expiry as YYYY-MM-DD for the edit form. */
  fechaExpiracion: string | null;
  /** Raw ids for the edit form. */
  cargoId: number;
  paisId: number;
  estadoId: number | null;
  delegacionId: number | null;
};

export type SavedOfferView = { guardadaEn: string; oferta: OfferSummary & { isOpen: boolean } };

export type AlertView = { id: number; criteria: AlertCriteria; frecuencia: AlertFrequency; descripcion: string; creadaEn: string };

export type SitemapOffer = { id: number; url: string; lastmod: string };

/** The public page of a company (`/app/empleo/empresa/{slug}`). */
export type CompanyPage = {
  empresa: {
    id: number;
    nombre: string;
    slug: string;
    url: string;
    logo: string | null;
    /** Plain text (render as text, never as HTML). */
    descripcion: string;
    web: string | null;
    poblacion: string | null;
  };
  /** One page of its open offers, newest first. */
  ofertas: OfferSummary[];
  /** How many open offers it has in all. */
  total: number;
  nextCursor: string | null;
};

/** A candidate's saved CV (snake_case: a new API shape, decision 0013). */
export type SavedCvView = { id: number; nombre: string; creado_en: string; predeterminado: boolean };

/** One change of an application's status, for the candidate's history. */
export type ApplicationEventView = {
  status: ApplicationStatus;
  status_label: string;
  fecha: string;
  /** Who made the change: the candidate ("candidato") or the company ("empresa"). */
  por: "candidato" | "empresa";
  /** The company's message with «Contratada» or «Descartada», if it wrote one. */
  mensaje: string | null;
};
