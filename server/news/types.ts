import type { z } from "@hono/zod-openapi";
import type {
  AuthorSchema,
  NewsImageSchema,
  NewsPageSchema,
  NoticiaDetailSchema,
  NoticiaSummarySchema,
  TribunaDetailSchema,
  TribunaSummarySchema,
} from "./api-schemas";

/** API and page shapes of the news area: snake_case, derived from the response schemas. */
export type NewsImage = z.infer<typeof NewsImageSchema>;
export type NewsAuthorView = z.infer<typeof AuthorSchema>;
export type NoticiaSummary = z.infer<typeof NoticiaSummarySchema>;
export type NoticiaDetail = z.infer<typeof NoticiaDetailSchema>;
export type NewsPage = Omit<z.infer<typeof NewsPageSchema>, "total">;
export type NewsSearchPage = NewsPage & { total: number };
export type TribunaSummary = z.infer<typeof TribunaSummarySchema>;
export type TribunaDetail = z.infer<typeof TribunaDetailSchema>;
