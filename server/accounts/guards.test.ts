import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import type { PageLoadContext } from "#server/context";
import type { AppEnv } from "#server/env";
import { assertCan, requireUser } from "./guards";
import type { SessionUser } from "./session";

// The four words of decision 0061: each starting point fails the way its caller expects.
const user = (roles: string[]) => ({ id: 7, email: "a@example.com", roles }) as unknown as SessionUser;
const hono = (u: SessionUser | null) => ({ req: {}, get: () => u }) as unknown as Context<AppEnv>;
const page = (u: SessionUser | null) => ({ app: {}, requestId: "r", user: u }) as unknown as PageLoadContext;
const request = new Request("http://localhost/app/admin");
const rule = { allows: (u: SessionUser) => u.roles.includes("marketing"), refusal: "Solo marketing." };

const caught = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as { status?: number; message?: string; init?: { status: number }; data?: unknown };
  }
  throw new Error("expected a throw");
};

describe("requireUser", () => {
  it("returns the signed-in user from an API context and a page context", () => {
    expect(requireUser(hono(user([]))).id).toBe(7);
    expect(requireUser(page(user([])), request).id).toBe(7);
  });

  it("answers 401 in the API and the login redirect in pages", () => {
    expect(caught(() => requireUser(hono(null))).status).toBe(401);
    const redirect = caught(() => requireUser(page(null), request)) as unknown as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toContain("redirect_url");
  });
});

describe("assertCan", () => {
  it("lets through who may, by task or by rule", () => {
    expect(assertCan(user(["editor"]), "content").id).toBe(7);
    expect(assertCan(hono(user(["admin"])), "moderation").id).toBe(7);
    expect(assertCan(page(user(["marketing"])), request, rule).id).toBe(7);
  });

  it("answers 401, then 403 with the rule's refusal or the generic message", () => {
    expect(caught(() => assertCan(null, "content")).status).toBe(401);
    expect(caught(() => assertCan(user(["editor"]), rule))).toMatchObject({ status: 403, message: "Solo marketing." });
    expect(caught(() => assertCan(hono(user([])), "administration"))).toMatchObject({
      status: 403,
      message: "No tienes permiso para realizar esta acción.",
    });
  });

  it("gives pages the login redirect, then the 403 page", () => {
    expect((caught(() => assertCan(page(null), request, "enter")) as unknown as Response).status).toBe(302);
    expect(caught(() => assertCan(page(user(["candidato"])), request, "enter"))).toMatchObject({
      init: { status: 403 },
      data: "No tienes permiso para ver esta página.",
    });
  });
});
