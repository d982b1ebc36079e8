import type { Context } from "hono";
import type { AppEnv } from "#server/env";
import { fileHeaders } from "#server/platform/downloads";
import { AppError } from "#server/platform/errors";
import { shareCardId, shareCardResponse } from "#server/platform/share-card";
import { getCompanyLogo } from "./company-logo.service";
import { getOffer } from "./offers.service";

/** GET /og/oferta/{id}.png: the offer's title, company and place, as shared links show it. Public offers only. */
export async function offerShareImageHandler(c: Context<AppEnv>) {
  const ctx = c.get("app");
  const id = shareCardId(c.req.param("file")) ?? notFound();
  const offer = await getOffer(ctx, id, null);
  const place = [offer.ciudad, offer.estado?.nombre, offer.pais.nombre].filter(Boolean).join(", ");
  return shareCardResponse({
    eyebrow: "Oferta de empleo",
    title: offer.titulo,
    lines: [offer.empresa.nombre, place],
    brand: ctx.config.brandName,
  });
}

/** GET /og/portada.png: the card of every other public page. */
export async function defaultShareImageHandler(c: Context<AppEnv>) {
  return shareCardResponse({
    eyebrow: "La red profesional del sector",
    title: "Empleo, noticias y visita médica",
    lines: ["Farmacia y salud en España y Latinoamérica"],
    brand: c.get("app").config.brandName,
  });
}

function notFound(): never {
  throw new AppError("NOT_FOUND", "Imagen no encontrada.");
}

/**
 * GET /og/empresa/{id}.webp: a company's uploaded logo where crawlers may fetch it (the API's copy
 * is under /api/, which robots.txt closes), for the hiringOrganization of its offers' JobPosting.
 */
export async function companyLogoHandler(c: Context<AppEnv>) {
  const id = Number(/^(\d{1,12})\.webp$/.exec(c.req.param("file") ?? "")?.[1]);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  const file = await getCompanyLogo(c.get("app"), id);
  return c.body(
    new Uint8Array(file.bytes),
    200,
    fileHeaders({ mime: file.mime, inline: true, cache: "public, max-age=86400", crossOrigin: "same-site" }),
  );
}
