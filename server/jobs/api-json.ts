import type { CandidateProfile } from "#common/jobs";
import { questionsVersion } from "#common/jobs/screening";
import type {
  AlertViewJson,
  ApplicantViewJson,
  ApplicationViewJson,
  CandidateProfileJson,
  OfferDetailJson,
  OfferSummaryJson,
  OwnProfileJson,
  PanelOfferJson,
  ProfileSearchJson,
  SavedOfferJson,
  SearchResultJson,
  ViewerStateJson,
} from "./api-schemas";
import type { OwnProfile } from "./candidate-profile.service";
import type { ProfileSearchResult } from "./profile-search.service";
import type {
  AlertView,
  ApplicantView,
  ApplicationView,
  OfferDetail,
  OfferSearchResult,
  OfferSummary,
  PanelOffer,
  SavedOfferView,
  ViewerState,
} from "./types";

// The route adapter's mapping from the services' camelCase views (what pages render) to the API's
// snake_case JSON (decision 0013): one function per resource, each typed against the zod schema's
// z.infer type, so a field added to one side and not the other fails the type check.

export function offerSummaryJson(o: OfferSummary): OfferSummaryJson {
  return {
    id: o.id,
    slug: o.slug,
    titulo: o.titulo,
    url: o.url,
    empresa: o.empresa,
    cargo: o.cargo,
    pais: o.pais,
    estado: o.estado,
    ciudad: o.ciudad,
    modalidad: o.modalidad,
    contrato: o.contrato,
    jornada: o.jornada,
    salario: o.salario,
    publicada_en: o.publicadaEn,
    expira_en: o.expiraEn,
    snippet: o.snippet,
  };
}

export function offerDetailJson(o: OfferDetail): OfferDetailJson {
  return {
    ...offerSummaryJson(o),
    delegacion: o.delegacion,
    experiencia: o.experiencia,
    estudios: o.estudios,
    descripcion_html: o.descripcionHtml,
    vacantes: o.vacantes,
    preguntas: o.preguntas,
    preguntas_version: questionsVersion(o.preguntas),
    status: o.status,
    actualizada_en: o.actualizadaEn,
    is_open: o.isOpen,
    closed_reason: o.closedReason,
  };
}

export function viewerStateJson(v: ViewerState): ViewerStateJson {
  return { applied: v.applied, application_status: v.applicationStatus, saved: v.saved, can_apply: v.canApply };
}

export function searchResultJson(r: OfferSearchResult): SearchResultJson {
  return { items: r.items.map(offerSummaryJson), next_cursor: r.nextCursor, total: r.total, facets: r.facets };
}

const listedOfferJson = (o: OfferSummary & { isOpen: boolean }) => ({ ...offerSummaryJson(o), is_open: o.isOpen });

export function applicationJson(a: ApplicationView): ApplicationViewJson {
  return {
    id: a.id,
    status: a.status,
    status_label: a.statusLabel,
    creada_en: a.creadaEn,
    actualizada_en: a.actualizadaEn,
    oferta: listedOfferJson(a.oferta),
    historial: a.historial,
    respuestas: a.respuestas,
    vista_por_empresa: a.vistaPorEmpresa,
  };
}

export function applicantJson(a: ApplicantView): ApplicantViewJson {
  return {
    id: a.id,
    status: a.status,
    creada_en: a.creadaEn,
    vista_en: a.vistaEn,
    carta: a.carta,
    candidato: a.candidato,
    cv_nombre: a.cvNombre,
    respuestas: a.respuestas,
    cumple_requisitos: a.cumpleRequisitos,
    nota: a.nota,
    valoracion: a.valoracion,
  };
}

export function panelOfferJson(o: PanelOffer): PanelOfferJson {
  return {
    ...offerDetailJson(o),
    counts: o.counts,
    fecha_expiracion: o.fechaExpiracion,
    cargo_id: o.cargoId,
    pais_id: o.paisId,
    estado_id: o.estadoId,
    delegacion_id: o.delegacionId,
  };
}

export function savedOfferJson(s: SavedOfferView): SavedOfferJson {
  return { guardada_en: s.guardadaEn, oferta: listedOfferJson(s.oferta) };
}

export function alertJson(a: AlertView): AlertViewJson {
  return { id: a.id, criteria: a.criteria, frecuencia: a.frecuencia, descripcion: a.descripcion, creada_en: a.creadaEn };
}

export function candidateProfileJson(p: CandidateProfile): CandidateProfileJson {
  return {
    titular: p.titular,
    experiencia: p.experiencia,
    formacion: p.formacion,
    idiomas: p.idiomas,
    habilidades: p.habilidades,
    disponibilidad: p.disponibilidad,
    salario_deseado: p.salarioDeseado,
    salario_moneda: p.salarioMoneda,
    abierto_a_ofertas: p.abiertoAOfertas,
  };
}

export function ownProfileJson(own: OwnProfile): OwnProfileJson {
  return {
    perfil: candidateProfileJson(own.profile),
    completitud: { porcentaje: own.completeness.percent, falta: own.completeness.missing },
    actualizado_en: own.updatedAt,
  };
}

export function profileSearchJson(page: {
  items: ProfileSearchResult[];
  total: number;
  pagina: number;
  paginas: number;
}): ProfileSearchJson {
  return {
    data: page.items.map((r) => ({
      id: r.id,
      nombre: r.nombre,
      titular: r.titular,
      puesto_actual: r.puestoActual,
      provincia: r.provincia,
      pais: r.pais,
      habilidades: r.habilidades,
      idiomas: r.idiomas,
      disponibilidad: r.disponibilidad,
      actualizado_en: r.actualizadoEn,
      conversacion_id: r.conversacionId,
    })),
    total: page.total,
    pagina: page.pagina,
    paginas: page.paginas,
  };
}
