import { describe, expect, it } from "vitest";
import { backPathOf, pagePathOf, pageRedirect } from "./page-redirect";

describe("page paths of loader requests", () => {
  it("reads the page behind React Router's data requests", () => {
    expect(pagePathOf(new URL("http://x/app/auth/crear-cuenta/visita.data"))).toBe("/app/auth/crear-cuenta/visita");
    expect(pagePathOf(new URL("http://x/app/_root.data"))).toBe("/app");
    expect(pagePathOf(new Request("http://x/app/cuenta/"))).toBe("/app/cuenta");
  });

  it("keeps the query but not the router's own parameter in the way back", () => {
    expect(backPathOf(new URL("http://x/app/empleo/candidaturas.data?_routes=root&tab=1"))).toBe("/app/empleo/candidaturas?tab=1");
  });
});

describe("pageRedirect", () => {
  it("makes app paths basename-relative and keeps absolute URLs", () => {
    expect(pageRedirect("/app/cuenta").headers.get("location")).toBe("/cuenta");
    expect(pageRedirect("/app").headers.get("location")).toBe("/");
    expect(pageRedirect("https://academia.example/sso", 301).headers.get("location")).toBe("https://academia.example/sso");
    expect(pageRedirect("/otro", 302, new Request("http://x/app/a")).headers.get("location")).toBe("http://x/otro");
  });
});
