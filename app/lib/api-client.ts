import type { AuthUser } from "#common/accounts";
import { XSRF_COOKIE } from "#common/constants";
import { getCookie } from "./cookies";
import { sessionStore } from "./session-store";

/** A non-2xx answer: the status, the server's Spanish message, and per-field errors of a 422. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fieldErrors: Record<string, string[]>;
  readonly body: Record<string, unknown>;

  constructor(status: number, body: Record<string, unknown>) {
    const message = typeof body.message === "string" && body.message ? body.message : "";
    super(message || `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.code = typeof body.code === "string" ? body.code : undefined;
    this.fieldErrors = (body.errors && typeof body.errors === "object" ? body.errors : {}) as Record<string, string[]>;
    this.body = body;
  }

  /** The server's message, if it sent one. */
  get serverMessage(): string | undefined {
    return typeof this.body.message === "string" && this.body.message ? this.body.message : undefined;
  }

  get isValidation(): boolean {
    return this.status === 422 && Object.keys(this.fieldErrors).length > 0;
  }
}

/** The network failed before any response (offline, aborted). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("No hay conexión con el servidor.", { cause });
    this.name = "NetworkError";
  }
}

export type RequestOptions = {
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  /** A bearer token (only the password-reset completion uses one; it is never stored). */
  bearer?: string;
  signal?: AbortSignal;
  /** 401 normally clears the session (product-spec §4); login handles its own. */
  keepSessionOn401?: boolean;
};

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** GET /sanctum/csrf-cookie: a fresh XSRF-TOKEN (before login, logout, Google sign-up, verification). */
export async function fetchCsrfCookie(): Promise<void> {
  try {
    await fetch("/sanctum/csrf-cookie", { credentials: "same-origin", headers: { "X-Timezone": browserTimezone() } });
  } catch (error) {
    throw new NetworkError(error);
  }
}

/**
 * Calls the API with the timezone on every call and the XSRF token on every write. The token is tied
 * to the session it was issued to; a write refused with 419 (the session ended or changed in another
 * tab) fetches a fresh token and is sent once more.
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}, retried = false): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", "X-Timezone": browserTimezone() };
  const upper = method.toUpperCase();
  if (WRITE_METHODS.has(upper)) {
    if (retried || !getCookie(XSRF_COOKIE)) await fetchCsrfCookie();
    const token = getCookie(XSRF_COOKIE);
    if (token) headers["X-XSRF-TOKEN"] = token;
  }
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method: upper, headers, body, credentials: "same-origin", signal: options.signal });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (response.status === 419 && WRITE_METHODS.has(upper) && !retried) return apiRequest<T>(method, path, options, true);
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { message: "" };
    }
  }
  if (!response.ok) {
    if (response.status === 401 && !options.keepSessionOn401) sessionStore.clearSession();
    throw new ApiError(response.status, (parsed && typeof parsed === "object" ? parsed : {}) as Record<string, unknown>);
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>("PUT", path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>("DELETE", path, { ...options, body }),
};

/** A failed user reload clears the session (product-spec §4). */
export async function reloadAuthUser() {
  sessionStore.setLoading("user", true);
  try {
    const user = await api.get<AuthUser>("/api/user");
    sessionStore.setAuthenticated(user);
    return user;
  } catch (error) {
    sessionStore.clearSession();
    throw error;
  } finally {
    sessionStore.setLoading("user", false);
  }
}
