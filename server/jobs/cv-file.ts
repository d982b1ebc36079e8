import { z } from "@hono/zod-openapi";
import { fileHeaders } from "#server/platform/downloads";

const binary = { schema: z.any().openapi({ type: "string", format: "binary" }) };

/** The OpenAPI 200 response of a CV download (PDF or DOCX). */
export const cvFileResponse = {
  description: "El CV",
  content: { "application/pdf": binary, "application/vnd.openxmlformats-officedocument.wordprocessingml.document": binary },
};

/** Headers of a CV download: an attachment with its name (ASCII fallback and UTF-8), never cached. */
export function cvFileHeaders(file: { mime: string; filename: string }) {
  return fileHeaders({ mime: file.mime, name: file.filename, cache: "private, no-store" });
}
