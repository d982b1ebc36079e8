import type { Plugin } from "vite";

/** The import specifier of React Router's production build, seen from a module in `outDir`. */
export function reactRouterProductionImport(outDir: string): string;
/** Vite plugin: the SSR build's `react-router` imports point to the production build. */
export function reactRouterProduction(): Plugin;
/** Vite plugin: the browser build's `react-router` and `react-router/dom` resolve to the production build. */
export function reactRouterProductionClient(): Plugin;
