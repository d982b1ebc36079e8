/**
 * `modals.open()` and friends (@mantine/modals) dispatch window events that ModalsProvider handles.
 * The provider loads after the page (deferred-overlays.tsx), so a dialog asked for before it is
 * listening is kept here and replayed once it is.
 */
const EVENTS = [
  "openModal",
  "openConfirmModal",
  "openContextModal",
  "closeModal",
  "closeAllModals",
  "updateModal",
  "updateContextModal",
].map((name) => `mantine-modals:${name}`);

let queue: CustomEvent[] | null = null;
let onRequest: (() => void) | null = null;
const keep = (event: Event) => {
  queue?.push(event as CustomEvent);
  onRequest?.();
};

/** Called as the page starts in the browser, before anything can open a dialog. */
export function startQueueingModalEvents() {
  if (queue || typeof window === "undefined") return;
  queue = [];
  for (const type of EVENTS) window.addEventListener(type, keep);
}

/**
 * Calls `callback` when a dialog is asked for while the provider is not there yet, or at once if
 * one already was (deferred-overlays.tsx mounts the provider then). Returns the unsubscribe.
 */
export function onModalRequested(callback: () => void): () => void {
  onRequest = callback;
  if (queue?.length) callback();
  return () => {
    if (onRequest === callback) onRequest = null;
  };
}

export function replayQueuedModalEvents() {
  const pending = queue ?? [];
  queue = null;
  for (const type of EVENTS) window.removeEventListener(type, keep);
  for (const event of pending) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
}
