import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hasRole } from "#common/accounts/permissions";
import type { AuthUser } from "./session-store";
import { sessionStore } from "./session-store";

/** A minimal browser: localStorage and document.cookie that keeps name=value pairs. */
function installBrowser() {
  const items = new Map<string, string>();
  const jar = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  vi.stubGlobal("window", { localStorage });
  vi.stubGlobal("document", {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    },
    set cookie(text: string) {
      const [pair] = text.split(";");
      const [name, value] = (pair as string).split("=") as [string, string];
      if (/expires=Thu, 01 Jan 1970/.test(text)) jar.delete(name);
      else jar.set(name, value);
    },
  });
  return { items, jar };
}

const demoUser: AuthUser = {
  id: 7,
  email: "ana@example.com",
  register_type: "visita",
  avatar: null,
  avatar_text: "AG",
  nombre: "Ana",
  apellidos: "García",
  notifications: 0,
  chat_unread: 0,
  pais: { id: 28, iso: "ES", slug: "espana", nombre: "España" },
  roles: { visitador_farmaceutico: 1, marketing: 0 },
  empresa: null,
  profesional_sanitario: 0,
  profesional_verificado: false,
  email_verified: true,
  profile_completed: true,
};

describe("sessionStore", () => {
  let browser: ReturnType<typeof installBrowser>;
  beforeEach(() => {
    browser = installBrowser();
    sessionStore.reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("persists the user and flags but never a token, and sets logged=1", () => {
    sessionStore.setAuthenticated(demoUser);
    expect(JSON.parse(browser.items.get("authUser") as string).id).toBe(7);
    expect(browser.items.get("isAuth")).toBe("true");
    expect(browser.items.get("isLogued")).toBe("true");
    expect([...browser.items.keys()].some((key) => /token/i.test(key))).toBe(false);
    expect(browser.jar.get("logged")).toBe("1");
  });

  it("clears the user and flags and sets logged=0", () => {
    sessionStore.setAuthenticated(demoUser);
    sessionStore.clearSession();
    const state = sessionStore.getState();
    expect(state.authUser).toBeNull();
    expect(state.isAuth).toBe(false);
    expect(state.isLogued).toBe(false);
    expect(browser.items.has("authUser")).toBe(false);
    expect(browser.jar.get("logged")).toBe("0");
  });

  it("takes the user from the server and keeps persisted preferences", () => {
    browser.items.set("profesional_sanitario", "1");
    browser.items.set("authUser", JSON.stringify(demoUser));
    sessionStore.syncFromServer(null);
    const state = sessionStore.getState();
    expect(state.hydrated).toBe(true);
    expect(state.authUser).toBeNull();
    expect(state.profesional_sanitario).toBe(1);
  });

  it("selects the geo-located country, or España (28) when unknown", () => {
    const espana = { id: 28, slug: "espana", iso: "ES" } as never;
    const mexico = { id: 140, slug: "mexico", iso: "MX" } as never;
    sessionStore.setPaises([espana, mexico]);
    sessionStore.setGeoip(null);
    expect(sessionStore.getState().pais).toBe(espana);
    sessionStore.reset();
    sessionStore.setPaises([espana, mexico]);
    sessionStore.setGeoip({ id: 140, country: { iso_code: "MX" } });
    expect(sessionStore.selectedPaisId()).toBe(140);
  });

  it("reads roles whose value is 1 or true", () => {
    expect(hasRole(demoUser, "visitador_farmaceutico")).toBe(true);
    expect(hasRole(demoUser, "marketing")).toBe(false);
    expect(hasRole({ roles: { marketing: true as never } }, "marketing")).toBe(true);
    expect(hasRole(null, "marketing")).toBe(false);
  });
});
