import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isForbiddenAddress } from "./addresses";

/** Why a fetch was refused or failed; `message` is Spanish and safe to show. */
export class FetchRefused extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
    this.name = "FetchRefused";
  }
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export type SafeFetchOptions = {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Test only: "host:port" pairs that may be reached although their address is private. */
  allow?: string[];
  resolve?: Resolver;
  userAgent?: string;
};

export type FetchedPage = { url: string; html: string };

const defaultResolve: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });
const refused = (reason: string) => new FetchRefused("No se puede mostrar una vista previa de esta dirección.", reason);

/** Only http(s), no credentials, ports 80/443 (unless allowed for tests). */
export function checkUrl(raw: string | URL, allow: string[] = []): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused("La dirección no es válida.", "invalid_url");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refused("scheme");
  if (url.username || url.password) throw refused("credentials");
  if (!allowed(url, allow) && url.port !== "" && url.port !== "80" && url.port !== "443") throw refused("port");
  return url;
}

function hostOf(url: URL): string {
  // URL keeps IPv6 literals in brackets; decimal and octal IPv4 forms are already normalised by it.
  return url.hostname.replace(/^\[|\]$/g, "");
}

function allowed(url: URL, allow: string[]): boolean {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return allow.includes(`${url.hostname.toLowerCase()}:${port}`);
}

/** Resolves the host and refuses if any of its addresses is forbidden; returns the one to connect to. */
async function resolveSafely(url: URL, options: SafeFetchOptions): Promise<{ address: string; family: number }> {
  const host = hostOf(url);
  const literal = isIP(host);
  let addresses: Array<{ address: string; family: number }>;
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch {
      throw new FetchRefused("No encontramos esa dirección.", "dns");
    }
  }
  if (!addresses.length) throw new FetchRefused("No encontramos esa dirección.", "dns");
  if (!allowed(url, options.allow ?? []) && addresses.some((a) => isForbiddenAddress(a.address))) throw refused("private_address");
  return addresses[0] as { address: string; family: number };
}

function charsetOf(contentType: string): string {
  const label = contentType.match(/charset=["']?([\w-]+)/i)?.[1]?.toLowerCase() ?? "utf-8";
  try {
    new TextDecoder(label);
    return label;
  } catch {
    return "utf-8";
  }
}

type Hop = { status: number; location: string | null; contentType: string; body: Buffer };

/** One request to the checked address (never a new DNS answer), checked again once connected. */
function requestOnce(url: URL, target: { address: string; family: number }, options: SafeFetchOptions, deadline: number): Promise<Hop> {
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all)
      (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const remaining = Math.max(1, deadline - Date.now());
    const request = client.request(
      url,
      {
        method: "GET",
        lookup: pinned,
        headers: {
          "User-Agent": options.userAgent ?? "FarmanexoLinkPreview/1.0",
          Accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
          "Accept-Language": "es-ES,es;q=0.9",
        },
        timeout: remaining,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers["content-type"] ?? "");
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location: response.headers.location ?? null, contentType, body: Buffer.alloc(0) });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          chunks.push(chunk);
          // Enough for any <head>: stop reading past the cap and parse what arrived.
          if (size >= maxBytes) response.destroy();
        });
        const finish = () => resolve({ status, location: null, contentType, body: Buffer.concat(chunks).subarray(0, maxBytes) });
        response.on("end", finish);
        response.on("close", finish);
        response.on("error", () => finish());
      },
    );
    const timer = setTimeout(() => request.destroy(new FetchRefused("La página tardó demasiado en responder.", "timeout")), remaining);
    request.on("socket", (socket) => {
      socket.once("connect", () => {
        // The connection actually made must be to an allowed address too.
        const remote = socket.remoteAddress ?? "";
        if (!allowed(url, options.allow ?? []) && isForbiddenAddress(remote)) request.destroy(refused("connected_private"));
      });
    });
    request.on("timeout", () => request.destroy(new FetchRefused("La página tardó demasiado en responder.", "timeout")));
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error instanceof FetchRefused ? error : new FetchRefused("No pudimos leer esa página.", "network"));
    });
    request.on("close", () => clearTimeout(timer));
    request.end();
  });
}

/**
 * GETs an HTML page from a user-supplied address without ever reaching a private, loopback,
 * link-local, multicast or metadata address: checked on the URL, after DNS, on the connection
 * made and at every redirect (at most 3); 5 s and 1 MB caps; only HTML is accepted.
 */
export async function fetchHtmlSafely(raw: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  const maxRedirects = options.maxRedirects ?? 3;
  let url = checkUrl(raw, options.allow);
  for (let hop = 0; ; hop++) {
    const target = await resolveSafely(url, options);
    if (Date.now() >= deadline) throw new FetchRefused("La página tardó demasiado en responder.", "timeout");
    const response = await requestOnce(url, target, options, deadline);
    if (response.status >= 300 && response.status < 400 && response.location) {
      if (hop >= maxRedirects) throw new FetchRefused("La página redirige demasiadas veces.", "redirects");
      url = checkUrl(new URL(response.location, url), options.allow);
      continue;
    }
    if (response.status < 200 || response.status >= 300) throw new FetchRefused("La página no está disponible.", "status");
    if (!/^\s*(text\/html|application\/xhtml\+xml)\b/i.test(response.contentType))
      throw new FetchRefused("La dirección no es una página web.", "not_html");
    return { url: url.href, html: new TextDecoder(charsetOf(response.contentType)).decode(response.body) };
  }
}
