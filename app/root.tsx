import { MantineProvider, mantineHtmlProps } from "@mantine/core";
import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { loadAuthUser } from "#app/lib/page.server";
import type { RootData } from "#app/ui/layout/root-data";
import type { AuthUser } from "#common/accounts";
import type { Route } from "./+types/root";
import { SessionSync } from "./features/accounts/session-sync";
import { useNonce } from "./lib/nonce";
import { usePageTitleSync } from "./lib/page-title";
import { useTimeZoneCookie } from "./lib/time-zone";
import { SiteShell } from "./shell";
// Not all of Mantine's styles.css: its global styles and the public pages' components, then the
// theme's variables and the global rules; any other component's stylesheet comes with the module
// using it (decision 0041, "CSS per component").
import rootStylesheet from "./styles/root.css?url";
import { theme } from "./theme";
import { readConsent } from "./ui/consent/consent";
import { ConsentBanner } from "./ui/consent/consent-banner";
import { ConsentProvider } from "./ui/consent/consent-provider";
import { Forbidden } from "./ui/forbidden";
import { RouteLinks } from "./ui/layout/route-links";
import { NotFound } from "./ui/not-found";
import { DeferredOverlays } from "./ui/overlays/deferred-overlays";
import { ServerError } from "./ui/server-error";

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const { config } = context.app;
  const authUser = context.user ? await loadAuthUser(context.app, context.user.id) : null;
  return {
    brandName: config.brandName,
    authUser: authUser as AuthUser | null,
    googleClientId: config.googleClientId ?? null,
    academiaEnabled: Boolean(config.academiaUrl && config.academiaSecret),
    consent: readConsent(request.headers.get("cookie")),
    timeZone: context.timeZone,
  };
}

/**
 * The signed-in user can change on the accounts pages (login, logout, registration steps), so the
 * root loader runs again when a navigation enters or leaves them.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (defaultShouldRevalidate) return true;
  const accounts = /^\/app\/(auth|register|cuenta)(\/|$)/;
  return currentUrl.pathname !== nextUrl.pathname && (accounts.test(currentUrl.pathname) || accounts.test(nextUrl.pathname));
}

/** Only for error pages: every page declares its own title, but a failed loader has none. */
export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Página no encontrada" : status === 403 ? "No tienes acceso a esta página" : "Ups, algo ha ido mal";
  return [{ title }, { name: "robots", content: "noindex" }];
};

/**
 * With a `precedence`, React writes the stylesheet with the first things in <head>, before the
 * dozens of module preloads: render-blocking CSS is requested first (decision 0041).
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: rootStylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="es" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#08745a" />
        <Meta />
        <RouteLinks />
      </head>
      <body>
        {/* The theme's CSS variables and classes come from theme.css in <head>: Mantine would write
            them in <style> elements inside <body>, which is invalid HTML (issue 9). */}
        <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
          {children}
          <DeferredOverlays />
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Pages may opt out of the header and footer with `handle = { layout: "empty" }` (the test route). */
function useWantsEmptyLayout() {
  return useMatches().some((match) => (match.handle as { layout?: string } | undefined)?.layout === "empty");
}

export default function App({ loaderData }: Route.ComponentProps) {
  usePageTitleSync();
  useTimeZoneCookie(loaderData.timeZone);
  const empty = useWantsEmptyLayout();
  return (
    <ConsentProvider initial={loaderData.consent}>
      <SessionSync authUser={loaderData.authUser} />
      {empty ? (
        <Outlet />
      ) : (
        <SiteShell>
          <Outlet />
        </SiteShell>
      )}
      {!empty && <ConsentBanner />}
    </ConsentProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<RootData>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const content = status === 404 ? <NotFound /> : status === 403 ? <Forbidden /> : <ServerError />;
  return root ? <SiteShell>{content}</SiteShell> : content;
}
