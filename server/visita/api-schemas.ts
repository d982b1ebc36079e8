import { z } from "@hono/zod-openapi";
import {
  ADMINISTRATION_ROUTES,
  PHARMACEUTICAL_FORMS,
  PRESCRIPTION_TYPES,
  REGISTER_STATUSES,
  REVISION_KINDS,
  REVISION_STATUSES,
  STRENGTH_UNITS,
} from "#common/visita/vocabulary";
import { nullableRef } from "#server/platform/openapi";

// Response shapes of /api/visita; the services' types derive from them (z.infer).

const Laboratory = z.object({ id: z.number().int(), nombre: z.string(), slug: z.string() }).openapi("Laboratorio");

const Ingredient = z.object({ nombre: z.string(), dosis: z.string(), unidad: z.string() });

const ProductFacts = z.object({
  forma: z.object({ clave: z.enum(PHARMACEUTICAL_FORMS), nombre: z.string() }),
  atc: z.object({ codigo: z.string(), nombre: z.string().nullable(), grupo: z.string().nullable() }).nullable(),
  receta: z.enum(PRESCRIPTION_TYPES),
  receta_texto: z.string(),
  principios_activos: z.array(Ingredient),
  generico: z.boolean(),
  biosimilar: z.boolean(),
  huerfano: z.boolean(),
  triangulo_negro: z.boolean(),
  comercializado: z.boolean(),
  problema_suministro: z.boolean(),
  imagen_url: z.string(),
});

export const ProductSummarySchema = z
  .object({
    id: z.number().int().openapi({ example: 812 }),
    nombre: z.string().openapi({ example: "Ibuprofeno Almenara 600 mg comprimido recubierto con película EFG" }),
    slug: z.string(),
    url: z.string().openapi({ example: "/app/visita/producto/ibuprofeno-almenara-600-mg/812" }),
    laboratorio: Laboratory,
    requiere_receta: z.boolean(),
    /** The medicine's state in the AEMPS register: suspended and revoked ones stay, flagged. */
    estado_registro: z.enum(REGISTER_STATUSES),
    /** null when the medicine needs a prescription and the viewer has not declared being a professional. */
    detalle: ProductFacts.nullable(),
  })
  .openapi("ProductoResumen");
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

const FacetItem = z.object({ valor: z.string(), nombre: z.string(), count: z.number().int() });

export const ProductSearchResultSchema = z
  .object({
    items: z.array(ProductSummarySchema),
    next_cursor: z.string().nullable(),
    total: z.number().int(),
    /** The search text was read as this código nacional (typed, or scanned from the EAN-13). */
    cn: z.string().nullable(),
    facets: z.object({
      laboratorio: z.array(FacetItem),
      forma: z.array(FacetItem),
      atc: z.array(FacetItem),
      receta: z.array(FacetItem),
      generico: z.array(FacetItem),
      comercializado: z.array(FacetItem),
    }),
  })
  .openapi("BusquedaProductos");
export type ProductSearchResult = z.infer<typeof ProductSearchResultSchema>;
export type FacetKey = keyof ProductSearchResult["facets"];

const Presentation = z.object({
  cn: z.string(),
  cn_completo: z.string().openapi({ example: "712729.4" }),
  ean: z.string(),
  nombre: z.string(),
  comercializado: z.boolean(),
  problema_suministro: z.boolean(),
  /** The supply problem's dates and the agency's note (CIMA /psuministro); null without one. */
  suministro: z
    .object({
      desde: z.string().openapi({ format: "date-time" }).nullable(),
      hasta: z.string().openapi({ format: "date-time" }).nullable(),
      observaciones: z.string().nullable(),
    })
    .nullable(),
});

export const ProductDetailSchema = ProductFacts.extend({
  numero_registro: z.string(),
  laboratorio_comercializador: nullableRef(Laboratory),
  vias: z.array(z.object({ clave: z.enum(ADMINISTRATION_ROUTES), nombre: z.string() })),
  prospecto_url: z.string().nullable(),
  ficha_tecnica_url: z.string().nullable(),
  descripcion: z.string(),
  presentaciones: z.array(Presentation),
  /** The register's dates (authorisation, suspension, revocation); null on products not from it. */
  fecha_autorizacion: z.string().openapi({ format: "date-time" }).nullable(),
  fecha_suspension: z.string().openapi({ format: "date-time" }).nullable(),
  fecha_revocacion: z.string().openapi({ format: "date-time" }).nullable(),
  version: z.number().int(),
  actualizado_en: z.string().openapi({ format: "date-time" }),
});

export const ProductViewSchema = ProductSummarySchema.omit({ detalle: true })
  .extend({
    /** True when the detail is withheld until the viewer declares being a healthcare professional. */
    restringido: z.boolean(),
    detalle: ProductDetailSchema.nullable(),
  })
  .openapi("Producto");
export type ProductView = z.infer<typeof ProductViewSchema>;
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

const IdNombre = z.object({ id: z.number().int(), nombre: z.string() });

export const RepresentativeSchema = z
  .object({
    entrada_id: z.number().int(),
    usuario: z.object({
      id: z.number().int(),
      nombre: z.string(),
      avatar: z.string().nullable(),
      avatar_text: z.string(),
      cargo: z.string().nullable(),
      empresa: z.string().nullable(),
      /** The public profile (user/{user}); null while the representative has not made it public. */
      perfil_url: z.string().nullable(),
    }),
    zonas: z.array(IdNombre),
    nota: z.string(),
    url: z.string(),
  })
  .openapi("Visitador");

export const RepresentativesResultSchema = z
  .object({
    items: z.array(RepresentativeSchema),
    /** Provinces where someone carries the product, with how many (to filter by). */
    zonas: z.array(IdNombre.extend({ count: z.number().int() })),
  })
  .openapi("VisitadoresDeProducto");
export type RepresentativesResult = z.infer<typeof RepresentativesResultSchema>;

export const PortfolioEntrySchema = z
  .object({
    id: z.number().int(),
    producto: ProductSummarySchema,
    zonas: z.array(IdNombre),
    nota: z.string(),
    url_publica: z.string(),
    creado_en: z.string().openapi({ format: "date-time" }),
    actualizado_en: z.string().openapi({ format: "date-time" }),
  })
  .openapi("EntradaCartera");
export type PortfolioEntry = z.infer<typeof PortfolioEntrySchema>;

export const PublicPortfolioEntrySchema = z
  .object({
    id: z.number().int(),
    producto: ProductSummarySchema,
    visitador: RepresentativeSchema.shape.usuario,
    zonas: z.array(IdNombre),
    nota: z.string(),
  })
  .openapi("EntradaCarteraPublica");
export type PublicPortfolioEntry = z.infer<typeof PublicPortfolioEntrySchema>;

export const RevisionSchema = z
  .object({
    id: z.number().int(),
    tipo: z.enum(REVISION_KINDS),
    estado: z.enum(REVISION_STATUSES),
    producto_id: z.number().int().nullable(),
    nombre: z.string(),
    comentario: z.string(),
    motivo: z.string().nullable(),
    creado_en: z.string().openapi({ format: "date-time" }),
    revisado_en: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("Revision");

const ProposalSchema = z
  .object({
    nombre: z.string(),
    laboratorio_id: z.number().int(),
    numero_registro: z.string(),
    forma: z.enum(PHARMACEUTICAL_FORMS),
    receta: z.enum(PRESCRIPTION_TYPES),
    principios_activos: z.array(z.object({ nombre: z.string(), dosis: z.string(), unidad: z.enum(STRENGTH_UNITS) })),
    presentaciones: z.array(z.object({ cn: z.string(), nombre: z.string() })),
    atc: z.string().nullable(),
    laboratorio_comercializador_id: z.number().int().nullable(),
    vias: z.array(z.enum(ADMINISTRATION_ROUTES)),
    generico: z.boolean(),
    biosimilar: z.boolean(),
    huerfano: z.boolean(),
    triangulo_negro: z.boolean(),
    comercializado: z.boolean(),
    problema_suministro: z.boolean(),
    prospecto_url: z.string().nullable(),
    ficha_tecnica_url: z.string().nullable(),
    descripcion: z.string(),
  })
  .openapi("DatosPropuesta");

export const RevisionDetailSchema = RevisionSchema.extend({
  datos: ProposalSchema,
  imagen_url: z.string().nullable(),
  producto: z.object({ id: z.number().int(), nombre: z.string(), url: z.string() }).nullable(),
}).openapi("RevisionDetalle");
export type RevisionDetail = z.infer<typeof RevisionDetailSchema>;

export const RevisionQueueSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.number().int(),
        tipo: z.enum(REVISION_KINDS),
        estado: z.enum(REVISION_STATUSES),
        nombre: z.string(),
        autor: z.string(),
        creado_en: z.string(),
        revisado_en: z.string().nullable(),
        /** The product changed after the proposal was made (it cannot be approved as is). */
        desactualizada: z.boolean(),
      }),
    ),
    next_before: z.number().int().nullable(),
    pendientes: z.number().int(),
  })
  .openapi("ColaRevisiones");

export const RevisionReviewSchema = z
  .object({
    revision: RevisionDetailSchema,
    autor: z.object({ id: z.number().int().nullable(), nombre: z.string(), email: z.string().nullable() }),
    comparacion: z.array(
      z.object({ campo: z.string(), etiqueta: z.string(), valor: z.string(), actual: z.string().nullable(), cambia: z.boolean() }),
    ),
    version_actual: z.number().int().nullable(),
    desactualizada: z.boolean(),
    imagen_actual: z.string().nullable(),
  })
  .openapi("RevisionParaModerar");

export const ApprovalSchema = z
  .object({ producto_id: z.number().int(), version: z.number().int(), url: z.string() })
  .openapi("RevisionAprobada");
