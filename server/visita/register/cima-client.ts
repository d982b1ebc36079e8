import { setTimeout as sleep } from "node:timers/promises";
import type { Config } from "#server/config";
import { type CimaPage, pageSchema } from "./cima-shapes";

export type CimaClientOptions = {
  baseUrl: string;
  /** Requests in flight at once (the AEMPS asks clients to be gentle). */
  concurrency: number;
  /** Pause after each request, per slot. */
  delayMs: number;
  timeoutMs: number;
  /** Further attempts after a 5xx, 429 or timeout, with a growing pause. */
  retries: number;
  userAgent: string;
};

export class CimaError extends Error {
  constructor(
    message: string,
    readonly notFound = false,
  ) {
    super(message);
  }
}

/**
 * A polite client of CIMA: at most `concurrency` requests at once, `delayMs` between a slot's
 * requests, a User-Agent naming the product, a timeout per request and retries on 5xx/429/timeouts.
 * A malformed answer (not JSON, not the paged envelope) is an error naming the URL.
 */
export function createCimaClient(options: CimaClientOptions) {
  let active = 0;
  const waiting: Array<() => void> = [];
  const acquire = async () => {
    if (active < options.concurrency) {
      active++;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  const base = options.baseUrl.replace(/\/+$/, "");

  async function attempt(url: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { "User-Agent": options.userAgent, Accept: "application/json" },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timeout = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw Object.assign(new CimaError(timeout ? `Sin respuesta en ${options.timeoutMs} ms: ${url}` : `No se pudo conectar con ${url}`), {
        retry: true,
      });
    }
    if (response.status === 404) throw new CimaError(`No encontrado: ${url}`, true);
    if (!response.ok) {
      await response.body?.cancel();
      throw Object.assign(new CimaError(`CIMA respondió ${response.status} a ${url}`), {
        retry: response.status >= 500 || response.status === 429,
      });
    }
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      throw new CimaError(`Respuesta malformada (no es JSON) de ${url}`);
    }
  }

  async function getJson(path: string, params: Record<string, string | number> = {}): Promise<unknown> {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    const url = `${base}${path}${query ? `?${query}` : ""}`;
    await acquire();
    try {
      for (let tries = 0; ; tries++) {
        try {
          return await attempt(url);
        } catch (error) {
          if (!(error as { retry?: boolean }).retry || tries >= options.retries) throw error;
          await sleep(Math.max(options.delayMs, 50) * 2 ** tries);
        }
      }
    } finally {
      if (options.delayMs > 0) await sleep(options.delayMs);
      release();
    }
  }

  return {
    getJson,
    /** One page of a paged list; an answer without the envelope is malformed. */
    async getPage(path: string, params: Record<string, string | number>): Promise<CimaPage> {
      const body = await getJson(path, params);
      const page = pageSchema.safeParse(body);
      if (!page.success) throw new CimaError(`Página malformada de ${path} (página ${params.pagina}): falta totalFilas/pagina/resultados`);
      return page.data;
    },
  };
}
export type CimaClient = ReturnType<typeof createCimaClient>;

/** The client the configuration describes; the User-Agent names the product and where it runs. */
export function cimaClientOf(config: Config, overrides: Partial<CimaClientOptions> = {}): CimaClient {
  return createCimaClient({
    baseUrl: config.catalogue.cimaUrl,
    concurrency: config.catalogue.concurrency,
    delayMs: config.catalogue.delayMs,
    timeoutMs: config.catalogue.timeoutMs,
    retries: config.catalogue.retries,
    userAgent: `${config.brandName}-catalogo/1.0 (+${config.appUrl})`,
    ...overrides,
  });
}
