import { createRoute } from "@hono/zod-openapi";
import { LEGAL_MESSAGES, LEGAL_SLUGS, LEGAL_TITLES, type LegalKind, legalKindOfSlug } from "#common/legal/documents";
import { requireUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { createRouter, errorResponse, json, MessageSchema, SIGNED_IN } from "#server/platform/openapi";
import { DocumentParam, LegalDocumentSchema, PublishLegalBodySchema, VersionParams } from "./api-schemas";
import { acceptPendingTerms } from "./consent.service";
import {
  currentLegalDocument,
  type LegalDocumentRow,
  legalDocumentVersion,
  legalVersions,
  publishLegalDocument,
  readableDocument,
} from "./documents.service";

async function documentView(ctx: AppContext, row: LegalDocumentRow) {
  const [versions, current] = await Promise.all([legalVersions(ctx.db, row.kind), currentLegalDocument(ctx.db, row.kind)]);
  const readable = readableDocument(ctx, row);
  return {
    documento: LEGAL_SLUGS[row.kind],
    titulo: LEGAL_TITLES[row.kind],
    version: readable.version,
    resumen: readable.summary,
    cambio_sustancial: readable.material,
    publicado_en: readable.publishedAt.toISOString(),
    texto: readable.body,
    vigente: current.id === row.id,
    versiones: versions.map((version) => ({
      version: version.version,
      resumen: version.summary,
      cambio_sustancial: version.material,
      publicado_en: version.publishedAt.toISOString(),
    })),
  };
}

const kindOf = (slug: string) => legalKindOfSlug(slug) as LegalKind;

/** The legal texts (issue 27): read every version, accept the terms in force, publish (admins). */
export function createLegalRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/legal/{documento}",
      tags: ["Textos legales"],
      operationId: "getLegalDocument",
      summary: "La versión vigente de un texto legal (aviso-legal, privacidad, cookies, condiciones) y la lista de sus versiones",
      request: { params: DocumentParam },
      responses: { 200: json(LegalDocumentSchema, "El texto vigente") },
    }),
    async (c) => {
      const ctx = c.get("app");
      return c.json(await documentView(ctx, await currentLegalDocument(ctx.db, kindOf(c.req.valid("param").documento))), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/legal/{documento}/versiones/{version}",
      tags: ["Textos legales"],
      operationId: "getLegalDocumentVersion",
      summary: "Una versión concreta de un texto legal, vigente o anterior",
      request: { params: VersionParams },
      responses: { 200: json(LegalDocumentSchema, "Esa versión"), 404: errorResponse("Versión inexistente") },
    }),
    async (c) => {
      const ctx = c.get("app");
      const { documento, version } = c.req.valid("param");
      return c.json(await documentView(ctx, await legalDocumentVersion(ctx.db, kindOf(documento), version)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/legal/aceptar",
      tags: ["Textos legales"],
      operationId: "acceptLegalTerms",
      summary: "Acepta la versión vigente de las condiciones de uso y de la política de privacidad (tras un cambio sustancial)",
      responses: { 200: json(MessageSchema, "Aceptadas"), 401: errorResponse("Sin sesión") },
    }),
    async (c) => {
      const user = requireUser(c);
      await acceptPendingTerms(c.get("app").db, user);
      return c.json({ message: LEGAL_MESSAGES.accepted }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/admin/legal/{documento}",
      tags: ["Administración"],
      operationId: "publishLegalDocument",
      summary: "Publica una nueva versión de un texto legal (solo administradores); la anterior sigue disponible",
      request: {
        params: DocumentParam,
        body: { required: true, content: { "application/json": { schema: PublishLegalBodySchema } } },
      },
      responses: {
        201: json(LegalDocumentSchema, "La nueva versión, ya vigente"),
        401: errorResponse("Sin sesión"),
        403: errorResponse("Solo administradores"),
        409: errorResponse("Otra versión se publicó a la vez"),
        422: errorResponse("Texto o resumen no válidos"),
      },
    }),
    async (c) => {
      const ctx = c.get("app");
      const row = await publishLegalDocument(ctx, c.get("user"), kindOf(c.req.valid("param").documento), c.req.valid("json"));
      return c.json(await documentView(ctx, row), 201);
    },
  );

  return router;
}
