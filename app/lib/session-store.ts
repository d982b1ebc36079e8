import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { AuthUser } from "#common/accounts";
import { DEFAULT_COUNTRY_ID, LOGGED_COOKIE, XSRF_COOKIE } from "#common/constants";
import type { Cargo, GeoIpResult, Pais } from "#common/reference";
import { removeCookie, setCookie } from "./cookies";

export type { AuthUser };

/**
 * The browser's session state (product-spec §3). The session credential is an httpOnly cookie the
 * server sets: no token is ever stored here. The server is the source of truth for who is signed
 * in: the root loader returns `authUser`, and <SessionSync> copies it in after hydration, so the
 * first client render matches the server's (see useSession).
 */
export type SessionState = {
  /** False until the first sync after hydration; until then useSession() shows the server's user. */
  hydrated: boolean;
  pais: Pais | null;
  paises: Pais[];
  cargos: Cargo[];
  geoip: GeoIpResult | null;
  isAuth: boolean;
  isLogued: boolean;
  authUser: AuthUser | null;
  previousRoute: string | null;
  profesional_sanitario: 0 | 1;
  loading: { paises: boolean; cargos: boolean; geoip: boolean; user: boolean };
};

/** What is kept in localStorage, under these exact keys (product-spec §3), never a token. */
export const PERSISTED_KEYS = ["geoip", "paises", "pais", "authUser", "isAuth", "isLogued", "profesional_sanitario"] as const;
type PersistedKey = (typeof PERSISTED_KEYS)[number];

const INITIAL: SessionState = Object.freeze({
  hydrated: false,
  pais: null,
  paises: [],
  cargos: [],
  geoip: null,
  isAuth: false,
  isLogued: false,
  authUser: null,
  previousRoute: null,
  profesional_sanitario: 0,
  loading: Object.freeze({ paises: false, cargos: false, geoip: false, user: false }),
}) as SessionState;

let state: SessionState = INITIAL;
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined; // Storage disabled (private mode, blocked cookies): keep state in memory only.
  }
}

function persist(next: SessionState) {
  const store = storage();
  if (!store) return;
  for (const key of PERSISTED_KEYS) {
    const value = next[key];
    try {
      if (value === null || value === undefined) store.removeItem(key);
      else store.setItem(key, JSON.stringify(value));
    } catch {
      // Quota exceeded: the in-memory state still works.
    }
  }
}

function readPersisted(): Partial<Pick<SessionState, PersistedKey>> {
  const store = storage();
  if (!store) return {};
  const result: Record<string, unknown> = {};
  for (const key of PERSISTED_KEYS) {
    const raw = store.getItem(key);
    if (raw === null) continue;
    try {
      result[key] = JSON.parse(raw);
    } catch {
      store.removeItem(key);
    }
  }
  return result as Partial<Pick<SessionState, PersistedKey>>;
}

function update(patch: Partial<SessionState>) {
  state = { ...state, ...patch };
  persist(state);
  for (const listener of listeners) listener();
}

function setLoggedCookie(value: "1" | "0") {
  setCookie(LOGGED_COOKIE, value, { expires: 30 });
}

export const sessionStore = {
  getState: (): SessionState => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /**
   * Called after hydration and whenever the root loader's user changes: restores the persisted
   * preferences and takes the signed-in user from the server.
   */
  syncFromServer(authUser: AuthUser | null) {
    const saved = state.hydrated ? {} : readPersisted();
    const auth = authUser ? { authUser, isAuth: true, isLogued: true } : { authUser: null, isAuth: false, isLogued: false };
    update({
      ...saved,
      ...auth,
      hydrated: true,
      profesional_sanitario: authUser?.profesional_sanitario ?? saved.profesional_sanitario ?? 0,
    });
    setLoggedCookie(authUser ? "1" : "0");
  },

  /** Successful login, verification link or profile save (product-spec §4). */
  setAuthenticated(authUser: AuthUser) {
    update({ authUser, isAuth: true, isLogued: true, hydrated: true, profesional_sanitario: authUser.profesional_sanitario ?? 0 });
    setLoggedCookie("1");
  },

  /**
   * Logout, any 401, a failed login, profile save or user reload (product-spec §4): auth flags and
   * user cleared, logged cookie 0.
   */
  clearSession() {
    update({ authUser: null, isAuth: false, isLogued: false, hydrated: true });
    setLoggedCookie("0");
  },

  /** After a registration: nothing of a previous session may survive until the e-mail is verified. */
  clearAfterRegistration() {
    sessionStore.clearSession();
    removeCookie(XSRF_COOKIE);
  },

  setPaises(paises: Pais[]) {
    update({ paises });
  },
  setPais(pais: Pais | null) {
    update({ pais });
  },
  setCargos(cargos: Cargo[]) {
    update({ cargos });
  },
  /** Stores the geo-IP result and, when no country is chosen yet, selects it (28 when unknown). */
  setGeoip(geoip: GeoIpResult | null) {
    const paisId = geoip?.id ?? DEFAULT_COUNTRY_ID;
    const pais = state.pais ?? state.paises.find((p) => p.id === paisId) ?? null;
    update({ geoip, pais });
  },
  setPreviousRoute(previousRoute: string | null) {
    state = { ...state, previousRoute };
    for (const listener of listeners) listener();
  },
  setProfesionalSanitario(value: 0 | 1) {
    update({ profesional_sanitario: value, authUser: state.authUser ? { ...state.authUser, profesional_sanitario: value } : null });
  },
  setLoading(key: keyof SessionState["loading"], value: boolean) {
    update({ loading: { ...state.loading, [key]: value } });
  },
  /** The selected country's id, or 28 (product-spec §9) when neither a choice nor geo-IP is known. */
  selectedPaisId(): number {
    return state.pais?.id ?? state.authUser?.pais?.id ?? state.geoip?.id ?? DEFAULT_COUNTRY_ID;
  },
  /** For tests. */
  reset() {
    state = INITIAL;
    for (const listener of listeners) listener();
  },
};

const getServerSnapshot = () => INITIAL;

/**
 * The session state for rendering. Before the first sync (server render and hydration) the user
 * comes from the root loader, so server and client render the same markup.
 */
export function useSession(): SessionState {
  const snapshot = useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, getServerSnapshot);
  const root = useRouteLoaderData("root") as { authUser?: AuthUser | null } | undefined;
  if (snapshot.hydrated) return snapshot;
  const authUser = root?.authUser ?? null;
  return { ...snapshot, authUser, isAuth: Boolean(authUser), isLogued: Boolean(authUser) };
}
