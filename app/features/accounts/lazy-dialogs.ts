import { idleImport } from "#app/lib/idle-import";

/**
 * The dialogs (Mantine's modals and buttons, `app/ui/dialogs.tsx`) for a page that needs them only after
 * a failure, such as the sign-in page and its Google button: `load()` them to show one, `preload()`
 * them when the browser is idle. One import for both, so the list of the dialogs' files is written
 * into one chunk, not into each module that imports them (decision 0050).
 */
export const lazyDialogs = idleImport(() => import("#app/ui/dialogs"));
