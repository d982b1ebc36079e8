import { createRoute, z } from "@hono/zod-openapi";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import { AppError } from "#server/platform/errors";
import { createRouter, errorResponse, IdParam, json } from "#server/platform/openapi";
import { cargos, empresaTipos, findEstadosOfPais, findPaisById, findPaisByIso, paises } from "./catalog";
import { geoLocate } from "./service";

const RegionSchema = z.object({ id: z.number().int(), nombre: z.string() });
const PaisSchema = z
  .object({
    id: z.number().int().openapi({ example: 28 }),
    nombre: z.string().openapi({ example: "España" }),
    nombre_en: z.string().openapi({ example: "Spain" }),
    timezone: z.null(),
    slug: z.string().openapi({ example: "espana" }),
    iso: z.string().openapi({ example: "ES" }),
    estado_tipo: z.string().openapi({ example: "Provincia" }),
    prefijo_tel: z.string().nullable().openapi({ example: "+34" }),
    region: RegionSchema,
  })
  .openapi("Pais");
const EstadoSchema = z
  .object({ id: z.number().int(), pais_id: z.number().int(), codigo: z.string(), nombre: z.string(), slug: z.string() })
  .openapi("Estado");
const SlugNombreSchema = z.object({ id: z.number().int(), slug: z.string(), nombre: z.string() });
const GeoIpSchema = z
  .object({ id: z.number().int().openapi({ example: 28 }), country: z.object({ iso_code: z.string().openapi({ example: "ES" }) }) })
  .openapi("GeoIp");
const IsoQuery = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: "El código ISO debe tener dos letras." })
    .optional()
    .openapi({ param: { name: "code", in: "query" }, example: "MX" }),
});

const PUBLIC_CACHE = "public, max-age=3600";

function paisOr404(id: number) {
  const pais = Number.isSafeInteger(id) ? findPaisById(id) : undefined;
  if (!pais) throw new AppError("NOT_FOUND", "País no encontrado.");
  return pais;
}

export function createReferenceRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/paises",
      tags: ["Referencia"],
      summary: "Todos los países, por nombre en español",
      responses: { 200: json(z.array(PaisSchema), "Lista de países") },
    }),
    (c) => {
      c.header("Cache-Control", PUBLIC_CACHE);
      return c.json(paises, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/paises/iso",
      tags: ["Referencia"],
      summary: "Busca un país por su código ISO 3166-1 alfa-2 (?code=MX); sin código, el índice ISO → id y slug",
      request: { query: IsoQuery },
      responses: {
        200: json(
          z.union([PaisSchema, z.record(z.string(), z.object({ id: z.number(), slug: z.string() }))]),
          "El país, o el índice por código ISO",
        ),
        404: errorResponse("Código desconocido"),
        422: errorResponse("Código mal formado"),
      },
    }),
    (c) => {
      const { code } = c.req.valid("query");
      c.header("Cache-Control", PUBLIC_CACHE);
      if (!code) return c.json(Object.fromEntries(paises.map((p) => [p.iso, { id: p.id, slug: p.slug }])), 200);
      const pais = findPaisByIso(code);
      if (!pais) throw new AppError("NOT_FOUND", "País no encontrado.");
      return c.json(pais, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/paises/{id}",
      tags: ["Referencia"],
      summary: "Un país por id",
      request: { params: IdParam },
      responses: { 200: json(PaisSchema, "El país"), 404: errorResponse("País no encontrado") },
    }),
    (c) => {
      c.header("Cache-Control", PUBLIC_CACHE);
      return c.json(paisOr404(Number(c.req.valid("param").id)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/paises/{id}/estados",
      tags: ["Referencia"],
      summary: "Subdivisiones de primer nivel de un país",
      request: { params: IdParam },
      responses: { 200: json(z.array(EstadoSchema), "Subdivisiones"), 404: errorResponse("País no encontrado") },
    }),
    (c) => {
      const pais = paisOr404(Number(c.req.valid("param").id));
      c.header("Cache-Control", PUBLIC_CACHE);
      return c.json(findEstadosOfPais(pais.id), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/sistema/cargos",
      tags: ["Referencia"],
      summary: "Cargos del sector",
      responses: { 200: json(z.array(SlugNombreSchema), "Cargos") },
    }),
    (c) => {
      c.header("Cache-Control", PUBLIC_CACHE);
      return c.json(cargos, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/sistema/empresa-tipos",
      tags: ["Referencia"],
      summary: "Tipos de empresa",
      responses: { 200: json(z.array(SlugNombreSchema), "Tipos de empresa") },
    }),
    (c) => {
      c.header("Cache-Control", PUBLIC_CACHE);
      return c.json(empresaTipos, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/geoip",
      tags: ["Referencia"],
      summary: `País de la dirección del cliente (España, id ${DEFAULT_COUNTRY_ID}, si se desconoce)`,
      responses: { 200: json(GeoIpSchema, "Resultado de geolocalización") },
    }),
    (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(geoLocate(c.get("app").geoip, c.get("clientIp")), 200);
    },
  );

  return router;
}
