import { whenIdle } from "./when-idle";

/**
 * A module a page needs only once the visitor acts (the sign-in form's zod schema: 24 KB gzip),
 * out of its first load: `preload()` fetches it when the browser is idle after hydration, and
 * `load()` returns it, waiting for it if it has not arrived yet. One request, however often either
 * is called (decision 0050).
 */
export function idleImport<T>(importer: () => Promise<T>) {
  let pending: Promise<T> | undefined;
  const load = () => {
    pending ??= importer().catch((error: unknown) => {
      // A failed fetch (a network blip) is tried again on the next call.
      pending = undefined;
      throw error;
    });
    return pending;
  };
  const preload = () => {
    whenIdle(() => void load().catch(() => {}));
  };
  return { load, preload };
}
