import type { Logger } from "./logger";

/**
 * The pages a fresh process renders before it listens (decision 0129): the shell, the listings, and
 * the first offer the jobs listing links to (found in its HTML, so no id is assumed).
 */
export const WARM_UP_PATHS = ["/app", "/app/empleo/p/espana", "/app/noticias", "/app/visita", "/app/auth/login"];

const OFFER_LINK = /href="(\/app\/empleo\/oferta\/[^"?#]+)"/;

export type WarmUpOptions = {
  /** The site's own origin (APP_URL): the requests look like the real ones. */
  origin: string;
  /** Stop after this long whatever is left (ms). */
  budgetMs: number;
  /** Passes over the pages at most. */
  rounds: number;
  /** Requests at once (as many as the render admission starts on a cold server). */
  concurrency: number;
  logger?: Logger;
  paths?: string[];
};

/**
 * Renders the key pages in-process, through the whole app (admission, session lookup, render,
 * compression), before the listener accepts traffic: the first real requests then meet compiled
 * code, an open database pool and a render-time estimate made of real samples, instead of a cold
 * process that took up to 2.9 s to answer the opening burst (issue 24 point 6). The requests carry
 * an unknown session cookie, so the page cache neither answers nor keeps them (every one is a
 * render, as a signed-in page's) and they are anonymous. A failing page is logged, never fatal.
 */
export async function warmUp(fetch: (request: Request) => Response | Promise<Response>, options: WarmUpOptions) {
  const started = performance.now();
  const deadline = started + options.budgetMs;
  const paths = [...(options.paths ?? WARM_UP_PATHS)];
  const statuses: Record<string, number> = {};
  let renders = 0;
  let discovered = false;

  async function one(path: string) {
    try {
      const response = await fetch(
        new Request(new URL(path, options.origin), {
          headers: { cookie: "farmanexo_session=warm-up", "accept-encoding": "gzip", "x-request-id": "warm-up" },
        }),
      );
      const body = await response.text();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (!discovered && response.ok) {
        const offer = OFFER_LINK.exec(body)?.[1];
        if (offer) {
          discovered = true;
          paths.push(offer);
        }
      }
    } catch (error) {
      statuses.error = (statuses.error ?? 0) + 1;
      options.logger?.warn({ err: error, path }, "warm-up render failed");
    }
    renders++;
  }

  for (let round = 0; round < options.rounds && performance.now() < deadline; round++) {
    const line = [...paths];
    const worker = async () => {
      for (let path = line.shift(); path !== undefined && performance.now() < deadline; path = line.shift()) await one(path);
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  }
  const ms = Math.round(performance.now() - started);
  options.logger?.info({ renders, ms, statuses }, "warmed up before listening");
  return { renders, ms, statuses };
}
