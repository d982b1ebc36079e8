import { z } from "@hono/zod-openapi";
import { LEGAL_SLUGS } from "#common/legal/documents";

const SLUGS = Object.values(LEGAL_SLUGS) as [string, ...string[]];

export const DocumentParam = z.object({
  documento: z.enum(SLUGS).openapi({ param: { name: "documento", in: "path" }, example: "condiciones" }),
});

export const VersionParams = DocumentParam.extend({
  version: z.coerce
    .number()
    .int()
    .min(1)
    .max(32_767)
    .openapi({ param: { name: "version", in: "path" }, example: 1 }),
});

export const LegalVersionSummarySchema = z
  .object({
    version: z.number().int(),
    resumen: z.string(),
    cambio_sustancial: z.boolean(),
    publicado_en: z.string(),
  })
  .openapi("LegalVersionSummary");

export const LegalDocumentSchema = z
  .object({
    documento: z.enum(SLUGS),
    titulo: z.string(),
    version: z.number().int(),
    resumen: z.string(),
    cambio_sustancial: z.boolean(),
    publicado_en: z.string(),
    texto: z
      .string()
      .openapi({ description: "Texto con los datos del titular ya rellenados; «## » abre un apartado y «- » un punto de una lista" }),
    vigente: z.boolean(),
    versiones: z.array(LegalVersionSummarySchema),
  })
  .openapi("LegalDocument");

export const PublishLegalBodySchema = z
  .object({
    body: z.string().openapi({
      description:
        "El texto completo (al menos 200 caracteres); {{titular}}, {{nif}}, {{domicilio}}, {{registro}}, {{email}}, {{dpd}}, {{marca}} y {{web}} se rellenan con la configuración",
    }),
    summary: z.string().openapi({ description: "Qué cambia, en una frase", example: "Nuevas reglas del chat." }),
    material: z
      .boolean()
      .optional()
      .openapi({ description: "Cambio sustancial de las condiciones de uso: los usuarios deben aceptarlo de nuevo" }),
  })
  .openapi("PublishLegalInput");
