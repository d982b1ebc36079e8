import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/notifications/styles.css";
import "./styles/global.css";
import "dayjs/locale/es";
import { MantineProvider, mantineHtmlProps } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { NOTIFICATION_TIMEOUT_MS } from "../common/constants";
import type { Route } from "./+types/root";
import { AppLayout } from "./components/layout/app-layout";
import { NotFound } from "./components/not-found";
import { ServerError } from "./components/server-error";
import { useNonce } from "./lib/nonce";
import { usePageTitleSync } from "./lib/page-title";
import { theme } from "./theme";

dayjs.locale("es");

export type RootData = { brandName: string };

export function loader({ context }: Route.LoaderArgs): RootData {
  return { brandName: context.app.config.brandName };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="es" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#08745a" />
        <Meta />
        <Links />
      </head>
      <body>
        <MantineProvider theme={theme} forceColorScheme="light">
          <DatesProvider settings={{ locale: "es", firstDayOfWeek: 1, weekendDays: [0, 6] }}>
            <ModalsProvider>
              <Notifications autoClose={NOTIFICATION_TIMEOUT_MS} position="top-right" />
              {children}
            </ModalsProvider>
          </DatesProvider>
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

export default function App() {
  usePageTitleSync();
  if (useWantsEmptyLayout()) return <Outlet />;
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<RootData>("root");
  const content = isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <ServerError />;
  return root ? <AppLayout>{content}</AppLayout> : content;
}
