import { OpenAPIHono, z } from "@hono/zod-openapi";
import { fieldErrorsOf } from "#common/validation";
import type { AppEnv } from "#server/env";
import { validationError } from "./errors";

/**
 * An OpenAPI-documented router whose validation failures become the application's 422 error with
 * Spanish messages per field, like every other error.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(fieldErrorsOf(result.error));
    },
  });
}

export const ErrorSchema = z
  .object({
    message: z.string().openapi({ example: "No hemos encontrado lo que buscas." }),
    code: z.string().openapi({ example: "NOT_FOUND" }),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .openapi("Error");

export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});
