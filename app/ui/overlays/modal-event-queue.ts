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
const keep = (event: Event) => queue?.push(event as CustomEvent);

/** Called as the page starts in the browser, before anything can open a dialog. */
export function startQueueingModalEvents() {
  if (queue || typeof window === "undefined") return;
  queue = [];
  for (const type of EVENTS) window.addEventListener(type, keep);
}

export function replayQueuedModalEvents() {
  const pending = queue ?? [];
  queue = null;
  for (const type of EVENTS) window.removeEventListener(type, keep);
  for (const event of pending) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
}
