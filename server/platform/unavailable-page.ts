import type { Context } from "hono";
import type { AppEnv } from "#server/env";
import { RETRY_AFTER_SECONDS } from "./db-errors";

const TITLE = "Servicio no disponible";
const DATABASE_DOWN = {
  message: "No podemos acceder a los datos en este momento. Vuelve a intentarlo en unos segundos.",
  retryAfter: RETRY_AFTER_SECONDS,
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] as string);

/**
 * What a page request gets while the database is down (issue 8 #10), or when the server sheds it
 * under load (`why`, decision 0056): a 503 with Retry-After.
 * A self-contained document, because rendering the app's layout needs what is unavailable; a
 * client-side navigation (".data") gets the same status with a JSON message. Never cached.
 */
export function unavailablePage(c: Context<AppEnv>, why: { message: string; retryAfter: number } = DATABASE_DOWN): Response {
  const headers = { "Retry-After": String(why.retryAfter), "Cache-Control": "private, no-store" };
  if (c.req.path.endsWith(".data")) {
    return c.json({ message: why.message, code: "UNAVAILABLE" }, 503, headers);
  }
  const brand = escapeHtml(c.get("app").config.brandName);
  const retry = escapeHtml(c.req.path.startsWith("/app") ? c.req.url.slice(c.req.url.indexOf(c.req.path)) : "/app");
  const html = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLE} · ${brand}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529;background:#f8f9fa}
main{max-width:36rem;margin:15vh auto;padding:0 1.5rem;text-align:center}
h1{font-size:1.75rem;margin:0 0 1rem}
p{color:#495057;line-height:1.5;margin:0 0 2rem}
a{display:inline-block;padding:.6rem 1.4rem;border-radius:.5rem;background:#1864ab;color:#fff;text-decoration:none;font-weight:600}
a:focus-visible{outline:3px solid #74c0fc;outline-offset:2px}
</style>
</head>
<body>
<main>
<p>${brand}</p>
<h1>${TITLE}</h1>
<p>${escapeHtml(why.message)}</p>
<a href="${retry}">Reintentar</a>
</main>
</body>
</html>`;
  return c.html(html, 503, headers);
}
