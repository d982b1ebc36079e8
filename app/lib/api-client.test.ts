import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "./api-client";
import { sessionStore } from "./session-store";

type Call = { url: string; init: RequestInit };

function installFetch(responses: Array<{ status: number; body?: unknown }>) {
  const calls: Call[] = [];
  let cookie = "";
  vi.stubGlobal("document", {
    get cookie() {
      return cookie;
    },
    set cookie(text: string) {
      cookie = (text.split(";")[0] as string).startsWith("XSRF-TOKEN=") ? (text.split(";")[0] as string) : cookie;
    },
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      if (url === "/sanctum/csrf-cookie") {
        cookie = "XSRF-TOKEN=abc%7C123";
        return new Response(null, { status: 204 });
      }
      const next = responses.shift() ?? { status: 200, body: {} };
      return new Response(next.body === undefined ? null : JSON.stringify(next.body), { status: next.status });
    }),
  );
  return calls;
}

describe("api client", () => {
  beforeEach(() => sessionStore.reset());
  afterEach(() => vi.unstubAllGlobals());

  it("sends X-Timezone on every call and fetches the XSRF cookie before the first write", async () => {
    const calls = installFetch([
      { status: 200, body: [] },
      { status: 201, body: { message: "Correo de confirmación enviado" } },
    ]);
    await api.get("/api/paises");
    const result = await api.post<{ message: string }>("/api/register", { email: "a@b.c" });
    expect(result.message).toBe("Correo de confirmación enviado");
    expect(calls.map((c) => c.url)).toEqual(["/api/paises", "/sanctum/csrf-cookie", "/api/register"]);
    for (const call of calls) expect((call.init.headers as Record<string, string>)["X-Timezone"]).toBeTruthy();
    const write = calls[2]?.init as RequestInit;
    expect((write.headers as Record<string, string>)["X-XSRF-TOKEN"]).toBe("abc|123");
    expect(write.credentials).toBe("same-origin");
    expect(write.body).toBe('{"email":"a@b.c"}');
  });

  it("fetches a fresh XSRF token and sends a write once more after a 419", async () => {
    const calls = installFetch([
      { status: 419, body: { message: "La sesión de la página ha caducado.", code: "CSRF" } },
      { status: 200, body: { message: "ok" } },
    ]);
    expect(await api.post<{ message: string }>("/api/logout")).toEqual({ message: "ok" });
    expect(calls.map((c) => c.url)).toEqual(["/sanctum/csrf-cookie", "/api/logout", "/sanctum/csrf-cookie", "/api/logout"]);
  });

  it("does not loop on a second 419", async () => {
    installFetch([
      { status: 419, body: { message: "x", code: "CSRF" } },
      { status: 419, body: { message: "x", code: "CSRF" } },
    ]);
    expect(((await api.post("/api/logout").catch((e) => e)) as ApiError).status).toBe(419);
  });

  it("turns a 422 into an ApiError with field errors", async () => {
    installFetch([{ status: 422, body: { message: "Los datos enviados no son válidos.", errors: { email: ["Ya existe"] } } }]);
    const error = (await api.post("/api/register", {}).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.isValidation).toBe(true);
    expect(error.fieldErrors.email).toEqual(["Ya existe"]);
  });

  it("clears the session on any 401", async () => {
    installFetch([{ status: 401, body: { message: "Debes iniciar sesión para continuar." } }]);
    sessionStore.setAuthenticated({ id: 1, roles: {}, profesional_sanitario: 0 } as never);
    const error = (await api.get("/api/user").catch((e) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(sessionStore.getState().isAuth).toBe(false);
    expect(sessionStore.getState().authUser).toBeNull();
  });
});
