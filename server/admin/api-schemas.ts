import { z } from "@hono/zod-openapi";

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    actor_id: z.number().int().nullable(),
    actor_email: z.string().nullable(),
    action: z.string().openapi({ example: "news.publish" }),
    subject_type: z.string().openapi({ example: "noticia" }),
    subject_id: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AuditEntry");

export const AuditPageSchema = z
  .object({ items: z.array(AuditEntrySchema), next_before: z.number().int().nullable() })
  .openapi("AuditPage");

export const AuditQuerySchema = z.object({
  q: z.string().max(200).optional(),
  tipo: z.string().max(40).optional(),
  antes: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
