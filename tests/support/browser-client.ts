import { createSession, SESSION_COOKIE } from "#server/accounts/session";
import type { TestServer } from "./test-server";

/**
 * An HTTP client that behaves like the browser app: keeps cookies, fetches the CSRF cookie once,
 * sends Origin, X-XSRF-TOKEN and X-Timezone on writes. Redirects are not followed.
 */
export class BrowserClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly server: TestServer) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has("Origin")) headers.set("Origin", this.server.url);
    if (!headers.has("X-Timezone")) headers.set("X-Timezone", "Europe/Madrid");
    if (!headers.has("Accept")) headers.set("Accept", "application/json");
    const method = (init.method ?? "GET").toUpperCase();
    if (!["GET", "HEAD"].includes(method) && !this.cookies.has("XSRF-TOKEN")) await this.csrf();
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (xsrf) headers.set("X-XSRF-TOKEN", decodeURIComponent(xsrf));
    if (this.cookies.size) headers.set("Cookie", this.cookieHeader());
    const response = await this.server.fetch(path, { ...init, headers });
    this.remember(response);
    return response;
  }

  /** GET /sanctum/csrf-cookie with this client's cookies: the token is tied to its session. */
  async csrf(): Promise<void> {
    const headers: Record<string, string> = this.cookies.size ? { Cookie: this.cookieHeader() } : {};
    this.remember(await this.server.fetch("/sanctum/csrf-cookie", { headers }));
  }

  get(path: string) {
    return this.fetch(path);
  }

  json(path: string, body: unknown, method = "POST") {
    return this.fetch(path, { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
  }

  /** Signs this client in as a user by creating a web session directly (no login round trip). */
  async signInAs(userId: number): Promise<this> {
    const session = await createSession(this.server.ctx.db, { userId, kind: "web" });
    this.cookies.set(SESSION_COOKIE, session.token);
    this.cookies.delete("XSRF-TOKEN"); // issued to the previous session: the next write fetches one for this one
    return this;
  }
}

/** An API-client token ("id|secret") for a user, to send as "Authorization: Bearer …". */
export async function bearerTokenFor(server: TestServer, userId: number): Promise<string> {
  return (await createSession(server.ctx.db, { userId, kind: "api" })).token;
}
