import { isRouteErrorResponse, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { pageErrorOf, withPageErrors } from "./page-errors";

const request = (path: string) => new Request(`http://localhost${path}`);

/** data() results are DataWithResponseInit: what React Router renders with that status. */
const initOf = (value: unknown) => (value as { init: ResponseInit | null; data: unknown }).init;
const dataOf = (value: unknown) => (value as { data: unknown }).data;

describe("pageErrorOf", () => {
  it("sends an anonymous visitor to login with the way back", () => {
    const response = pageErrorOf(new AppError("UNAUTHENTICATED"), request("/app/empleo/candidaturas?page=2")) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth/login?redirect_url=%2Fapp%2Fempleo%2Fcandidaturas%3Fpage%3D2");
  });

  it("keeps the way back of a client-side navigation (.data request) to the page itself", () => {
    const response = pageErrorOf(new AppError("UNAUTHENTICATED"), request("/app/cuenta.data")) as Response;
    expect(response.headers.get("Location")).toBe("/auth/login?redirect_url=%2Fapp%2Fcuenta");
  });

  it("renders the 403 page with the service's message", () => {
    const result = pageErrorOf(new AppError("FORBIDDEN", "Solo administradores de empleo."), request("/app/empleo/panel"));
    expect(initOf(result)?.status).toBe(403);
    expect(dataOf(result)).toBe("Solo administradores de empleo.");
  });

  it("renders the 404 page for what does not exist or has expired", () => {
    expect(initOf(pageErrorOf(new AppError("NOT_FOUND"), request("/app/empleo/oferta/x")))?.status).toBe(404);
    expect(initOf(pageErrorOf(new AppError("GONE"), request("/app/x")))?.status).toBe(404);
  });

  it("leaves other errors to React Router", () => {
    const bug = new TypeError("bug");
    expect(pageErrorOf(bug, request("/app"))).toBe(bug);
    const response = new Response(null, { status: 302 });
    expect(pageErrorOf(response, request("/app"))).toBe(response);
  });
});

describe("withPageErrors", () => {
  it("maps what every route's loader and action throws, and leaves their results alone", async () => {
    const build = {
      routes: {
        page: {
          id: "page",
          module: {
            loader: async () => {
              throw new AppError("NOT_FOUND");
            },
            action: async () => ({ ok: true }),
            default: () => null,
          },
        },
        layout: { id: "layout", module: { default: () => null } },
      },
    } as unknown as ServerBuild;
    const mapped = withPageErrors(build);
    const module = mapped.routes.page?.module as unknown as {
      loader: (a: object) => Promise<unknown>;
      action: (a: object) => Promise<unknown>;
    };
    const thrown = await module.loader({ request: request("/app/x") }).catch((error: unknown) => error);
    expect(initOf(thrown)?.status).toBe(404);
    expect(isRouteErrorResponse(thrown)).toBe(false);
    await expect(module.action({ request: request("/app/x") })).resolves.toEqual({ ok: true });
    expect(mapped.routes.layout).toBe(build.routes.layout);
  });
});
