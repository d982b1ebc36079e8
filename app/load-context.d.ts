import type { PageLoadContext } from "#server/context";

// What every loader and action receives as `context` (built in server/app.ts).
declare module "react-router" {
  interface AppLoadContext extends PageLoadContext {}
}
