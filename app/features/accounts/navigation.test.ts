import { afterEach, describe, expect, it, vi } from "vitest";
import { appRelative, goTo } from "./navigation";

describe("appRelative", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("strips the basename from app paths and keeps the query", () => {
    expect(appRelative("/app/cuenta")).toBe("/cuenta");
    expect(appRelative("/app")).toBe("/");
    expect(appRelative("/app/auth/crear-cuenta/web/success?redirect_url=%2Fapp")).toBe(
      "/auth/crear-cuenta/web/success?redirect_url=%2Fapp",
    );
  });

  it("leaves other basenames and other origins to a full page load", () => {
    vi.stubGlobal("window", { location: { origin: "http://localhost:3000" } });
    expect(appRelative("/perfil-user")).toBeUndefined();
    expect(appRelative("/application")).toBeUndefined();
    expect(appRelative("https://academia.example.com/sso?t=1")).toBeUndefined();
    expect(appRelative("http://localhost:3000/app/cuenta")).toBe("/cuenta");
  });

  it("navigates inside the app and assigns window.location outside it", () => {
    const assign = vi.fn();
    vi.stubGlobal("window", { location: { origin: "http://localhost:3000", assign, replace: vi.fn() } });
    const navigate = vi.fn();
    goTo(navigate, "/app/visita/visitador");
    expect(navigate).toHaveBeenCalledWith("/visita/visitador", {});
    goTo(navigate, "https://academia.example.com/");
    expect(assign).toHaveBeenCalledWith("https://academia.example.com/");
  });
});
