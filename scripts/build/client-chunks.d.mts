import type { Plugin } from "vite";

/** The landing pages' route ids (app/routes.ts); `npm run bundle-size` weighs these and the account forms. */
export const LANDING_ROUTE_IDS: readonly string[];
/** Vite plugin: the "shell" and "public" chunks of the browser build (decision 0050). */
export function clientChunks(root?: string): Plugin;
