import { z } from "@hono/zod-openapi";
import {
  ALERT_FREQUENCIES,
  APPLICATION_STATUSES,
  AVAILABILITIES,
  CONTRACT_TYPES,
  CURRENCIES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  JORNADAS,
  LANGUAGE_LEVELS,
  OFFER_STATUSES,
  QUESTION_KINDS,
  WORK_MODES,
  YES_NO,
} from "#common/jobs";

// Response shapes of /api/empleo: snake_case on the wire (decision 0013). The services' camelCase types
// (./types.ts) are what pages use; ./api-json.ts maps one to the other, one function per resource.

const IdNombre = z.object({ id: z.number().int(), nombre: z.string() });

const ScreeningQuestionSchema = z
  .object({
    texto: z.string().openapi({ example: "¿Tienes carné de conducir y coche propio?" }),
    tipo: z.enum(QUESTION_KINDS),
    obligatoria: z.boolean(),
    descarta_si: z.enum(YES_NO).nullable().openapi({ description: "Solo en preguntas si_no: la respuesta que descarta al candidato" }),
  })
  .openapi("PreguntaFiltro");

const ScreeningAnswerSchema = z
  .object({
    pregunta: z.string().openapi({ description: "El texto de la pregunta tal como era al responderla" }),
    tipo: z.enum(QUESTION_KINDS),
    respuesta: z.string().nullable().openapi({ description: "«si» o «no» en preguntas si_no; null si no la respondió" }),
  })
  .openapi("RespuestaFiltro");

export const OfferSummarySchema = z
  .object({
    id: z.number().int().openapi({ example: 1234 }),
    slug: z.string().openapi({ example: "delegado-comercial-zona-centro" }),
    titulo: z.string().openapi({ example: "Delegado comercial zona centro" }),
    url: z.string().openapi({ example: "/app/empleo/oferta/laboratorios-ejemplo/1234-delegado-comercial-zona-centro" }),
    empresa: z.object({ id: z.number().int(), nombre: z.string(), slug: z.string(), logo: z.string().nullable() }),
    cargo: z.object({ id: z.number().int(), slug: z.string(), nombre: z.string() }),
    pais: z.object({ id: z.number().int(), slug: z.string(), nombre: z.string(), iso: z.string() }),
    estado: IdNombre.nullable(),
    ciudad: z.string(),
    modalidad: z.enum(WORK_MODES),
    contrato: z.enum(CONTRACT_TYPES),
    jornada: z.enum(JORNADAS),
    salario: z
      .object({ min: z.number().int().nullable(), max: z.number().int().nullable(), moneda: z.string(), periodo: z.string() })
      .nullable(),
    publicada_en: z.string().openapi({ format: "date-time" }),
    expira_en: z.string().nullable().openapi({ format: "date-time" }),
    snippet: z.string(),
  })
  .openapi("OfertaResumen");

export const OfferDetailSchema = OfferSummarySchema.extend({
  delegacion: IdNombre.nullable(),
  experiencia: z.enum(EXPERIENCE_LEVELS),
  estudios: z.enum(EDUCATION_LEVELS),
  descripcion_html: z.string(),
  vacantes: z.number().int(),
  preguntas: z.array(ScreeningQuestionSchema),
  preguntas_version: z.string().openapi({ description: "Versión de las preguntas: envíala con las respuestas al inscribirte" }),
  status: z.enum(OFFER_STATUSES),
  actualizada_en: z.string(),
  is_open: z.boolean(),
  closed_reason: z.enum(["cerrada", "caducada"]).nullable(),
}).openapi("Oferta");

export const ViewerStateSchema = z
  .object({
    applied: z.boolean(),
    application_status: z.enum(APPLICATION_STATUSES).nullable(),
    saved: z.boolean(),
    can_apply: z.boolean(),
  })
  .openapi("OfertaEstadoUsuario");

export const OfferWithViewerSchema = OfferDetailSchema.extend({ viewer: ViewerStateSchema.nullable() }).openapi("OfertaConUsuario");

export const SearchResultSchema = z
  .object({
    items: z.array(OfferSummarySchema),
    next_cursor: z.string().nullable(),
    total: z.number().int(),
    facets: z.object({
      cargos: z.array(z.object({ slug: z.string(), nombre: z.string(), count: z.number().int() })),
      estados: z.array(z.object({ id: z.number().int(), nombre: z.string(), count: z.number().int() })),
    }),
  })
  .openapi("ResultadoBusquedaOfertas");

const OfferWithOpen = OfferSummarySchema.extend({ is_open: z.boolean() });

export const ApplicationViewSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(APPLICATION_STATUSES),
    status_label: z.string(),
    creada_en: z.string(),
    actualizada_en: z.string(),
    oferta: OfferWithOpen,
    historial: z.array(
      z.object({
        status: z.enum(APPLICATION_STATUSES),
        status_label: z.string(),
        fecha: z.string().openapi({ format: "date-time" }),
        por: z.enum(["candidato", "empresa"]),
        mensaje: z.string().nullable().openapi({ description: "El mensaje de la empresa con «Contratada» o «Descartada»" }),
      }),
    ),
    respuestas: z.array(ScreeningAnswerSchema),
    vista_por_empresa: z.boolean().openapi({ description: "La empresa ha abierto la candidatura («Vista por la empresa»)" }),
  })
  .openapi("Candidatura");

export const ApplicantViewSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(APPLICATION_STATUSES),
    creada_en: z.string(),
    vista_en: z.string().nullable().openapi({ description: "Cuándo la abrió la empresa; null: sin revisar" }),
    carta: z.string(),
    candidato: z.object({
      id: z.number().int(),
      nombre: z.string().nullable(),
      apellidos: z.string().nullable(),
      email: z.string(),
      pais: IdNombre.nullable(),
      cargo: z.string().nullable(),
    }),
    cv_nombre: z.string(),
    respuestas: z.array(ScreeningAnswerSchema),
    cumple_requisitos: z.boolean().openapi({ description: "false si una respuesta eliminatoria lo descarta («No cumple requisitos»)" }),
    nota: z.string().openapi({ description: "Nota privada de la empresa (el candidato no la ve)" }),
    valoracion: z.number().int().min(1).max(5).nullable().openapi({ description: "Valoración privada de 1 a 5" }),
  })
  .openapi("Candidato");

export const ApplicantMessageResultSchema = z
  .object({
    conversation_id: z.number().int().openapi({ description: "La conversación del chat (/app/chat/{id})" }),
    message_id: z.number().int(),
    duplicate: z.boolean().openapi({ description: "true si ese client_id ya se había enviado (no se repite)" }),
  })
  .openapi("MensajeACandidato");

export const PanelOfferSchema = OfferDetailSchema.extend({
  counts: z.object({
    total: z.number().int(),
    recibida: z.number().int(),
    en_proceso: z.number().int(),
    finalista: z.number().int(),
    contratada: z.number().int(),
    descartada: z.number().int(),
    sin_revisar: z.number().int().openapi({ description: "Recibidas que la empresa aún no ha abierto" }),
    retirada: z.number().int(),
  }),
  fecha_expiracion: z.string().nullable(),
  cargo_id: z.number().int(),
  pais_id: z.number().int(),
  estado_id: z.number().int().nullable(),
  delegacion_id: z.number().int().nullable(),
}).openapi("OfertaPanel");

export const SavedOfferSchema = z.object({ guardada_en: z.string(), oferta: OfferWithOpen }).openapi("OfertaGuardada");

export const AlertViewSchema = z
  .object({
    id: z.number().int(),
    criteria: z.object({
      pais: z.string(),
      cargo: z.string().optional(),
      q: z.string().optional(),
      estado: z.number().int().optional(),
      modalidad: z.enum(WORK_MODES).optional(),
      contrato: z.enum(CONTRACT_TYPES).optional(),
      salario_min: z.number().int().optional(),
      jornada: z.enum(JORNADAS).optional(),
      experiencia: z.enum(EXPERIENCE_LEVELS).optional(),
      estudios: z.enum(EDUCATION_LEVELS).optional(),
    }),
    frecuencia: z.enum(ALERT_FREQUENCIES).openapi({ description: "inmediata (al momento), diaria o semanal" }),
    descripcion: z.string(),
    creada_en: z.string(),
  })
  .openapi("Alerta");

export const OfferFiguresSchema = z
  .object({
    oferta_id: z.number().int(),
    desde: z.string().openapi({ description: "Primer día (hora de España), AAAA-MM-DD" }),
    hasta: z.string().openapi({ description: "Último día (hoy), AAAA-MM-DD" }),
    vistas: z.number().int(),
    candidaturas: z.number().int(),
    conversion: z.number().nullable().openapi({ description: "Candidaturas por visita (0–1); null sin visitas" }),
    dias: z.array(z.object({ dia: z.string(), vistas: z.number().int(), candidaturas: z.number().int() })),
  })
  .openapi("CifrasOferta");

export type OfferSummaryJson = z.infer<typeof OfferSummarySchema>;
export type OfferDetailJson = z.infer<typeof OfferDetailSchema>;
export type ViewerStateJson = z.infer<typeof ViewerStateSchema>;
export type SearchResultJson = z.infer<typeof SearchResultSchema>;
export type ApplicationViewJson = z.infer<typeof ApplicationViewSchema>;
export const ApplicantsPageSchema = z
  .object({
    items: z.array(ApplicantViewSchema).openapi({ description: "Una página de candidaturas, las más antiguas primero" }),
    total: z.number().int().openapi({ description: "Cuántas candidaturas cumplen el filtro en total" }),
    next_cursor: z.string().nullable().openapi({ description: "Pásalo como `cursor` para la página siguiente; null en la última" }),
  })
  .openapi("CandidaturasPagina");

export type ApplicantViewJson = z.infer<typeof ApplicantViewSchema>;
export type PanelOfferJson = z.infer<typeof PanelOfferSchema>;
export type SavedOfferJson = z.infer<typeof SavedOfferSchema>;
export type AlertViewJson = z.infer<typeof AlertViewSchema>;

// New operations (issue 9) are snake_case from the start (decision 0013).

export const CompanyProfileSchema = z
  .object({
    id: z.number().int(),
    nombre: z.string(),
    slug: z.string(),
    url: z.string().openapi({ example: "/app/empleo/empresa/laboratorios-ejemplo" }),
    logo: z.string().nullable(),
    descripcion: z.string(),
    web: z.string().nullable(),
    poblacion: z.string().nullable(),
  })
  .openapi("EmpresaPerfil");

export const CompanyPageSchema = z
  .object({
    empresa: CompanyProfileSchema,
    ofertas: z.array(OfferSummarySchema).openapi({ description: "Una página de sus ofertas abiertas, las más recientes primero" }),
    total: z.number().int().openapi({ description: "Cuántas ofertas abiertas tiene en total" }),
    next_cursor: z.string().nullable().openapi({ description: "Pásalo como `cursor` para la página siguiente; null en la última" }),
  })
  .openapi("EmpresaPagina");

export const SavedCvSchema = z
  .object({
    id: z.number().int(),
    nombre: z.string().openapi({ example: "CV-Ana-Garcia-2026.pdf" }),
    creado_en: z.string().openapi({ format: "date-time" }),
    predeterminado: z.boolean(),
  })
  .openapi("CvGuardado");

const PositionSchema = z.object({
  puesto: z.string(),
  empresa: z.string(),
  desde: z.string().openapi({ example: "2021-03", description: "Mes de inicio (AAAA-MM)" }),
  hasta: z.string().optional().openapi({ example: "2024-09", description: "Mes de fin; sin él, el puesto actual" }),
  descripcion: z.string(),
});
const EducationSchema = z.object({
  titulo: z.string(),
  centro: z.string(),
  desde: z.string().optional(),
  hasta: z.string().optional(),
});
const LanguageSchema = z.object({ idioma: z.string(), nivel: z.enum(LANGUAGE_LEVELS) });

export const CandidateProfileSchema = z
  .object({
    titular: z.string().openapi({ example: "Delegada comercial en oncología" }),
    experiencia: z.array(PositionSchema).openapi({ description: "Puestos, el más reciente primero (máx. 20)" }),
    formacion: z.array(EducationSchema),
    idiomas: z.array(LanguageSchema),
    habilidades: z.array(z.string()),
    disponibilidad: z.enum(AVAILABILITIES).nullable(),
    salario_deseado: z.number().int().nullable(),
    salario_moneda: z.enum(CURRENCIES).nullable(),
    abierto_a_ofertas: z.boolean().openapi({ description: "Visible para los reclutadores de las empresas" }),
  })
  .openapi("PerfilCandidato");

export const OwnProfileSchema = z
  .object({
    perfil: CandidateProfileSchema,
    completitud: z.object({
      porcentaje: z.number().int().openapi({ example: 70 }),
      falta: z.array(z.string()).openapi({ description: "Qué falta para completarlo, lo más valioso primero" }),
    }),
    actualizado_en: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("MiPerfilCandidato");

export const ProfileSearchSchema = z
  .object({
    data: z.array(
      z.object({
        id: z.number().int(),
        nombre: z.string(),
        titular: z.string(),
        puesto_actual: z.object({ puesto: z.string(), empresa: z.string() }).nullable(),
        provincia: z.string().nullable(),
        pais: z.string().nullable(),
        habilidades: z.array(z.string()),
        idiomas: z.array(LanguageSchema),
        disponibilidad: z.enum(AVAILABILITIES).nullable(),
        actualizado_en: z.string().openapi({ format: "date-time" }),
        conversacion_id: z
          .number()
          .int()
          .nullable()
          .openapi({ description: "Tu conversación con esta persona, si ya existe (sin correo ni teléfono)" }),
      }),
    ),
    total: z.number().int(),
    pagina: z.number().int(),
    paginas: z.number().int(),
  })
  .openapi("BusquedaPerfiles");

export type CandidateProfileJson = z.infer<typeof CandidateProfileSchema>;
export type OwnProfileJson = z.infer<typeof OwnProfileSchema>;
export type ProfileSearchJson = z.infer<typeof ProfileSearchSchema>;
