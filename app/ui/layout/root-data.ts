import type { Consent } from "#app/ui/consent/consent";
import type { AuthUser } from "#common/accounts";

/**
 * What the root loader (app/root.tsx) gives every page, read with `useRouteLoaderData<RootData>("root")`.
 * It lives here, not in root.tsx, so the layout and the areas' components can read it without
 * importing the root module that renders them (no import cycle through the app shell).
 */
export type RootData = {
  brandName: string;
  /** The signed-in user (product-spec §3), so the first render already knows who is signed in. */
  authUser: AuthUser | null;
  /** Google sign-in is offered only when a client id is configured. */
  googleClientId: string | null;
  /** The "Academia" entry is shown only when the academy is configured. */
  academiaEnabled: boolean;
  /** The visitor's cookie choices, null until chosen (the consent banner shows). */
  consent: Consent | null;
  /** The visitor's time zone: dates on the pages are written in it (app/lib/time-zone.ts). */
  timeZone: string;
};
