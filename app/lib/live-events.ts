// One WebSocket per tab carries every live event (the chat client opens it for signed-in pages).
// Frames that are not the chat's are handed on here, so another area listens without importing
// the chat (decision 0062: one area's components import no other area's).

export type LiveFrame = { type: string; [key: string]: unknown };
type Listener = (frame: LiveFrame) => void;

const listeners = new Map<string, Set<Listener>>();
const latest = new Map<string, LiveFrame>();

export function publishLiveFrame(frame: LiveFrame) {
  latest.set(frame.type, frame);
  for (const listener of listeners.get(frame.type) ?? []) listener(frame);
}

/** Listens to frames of one type; the last one already received is replayed at once. */
export function onLiveFrame(type: string, listener: Listener): () => void {
  const set = listeners.get(type) ?? new Set<Listener>();
  listeners.set(type, set);
  set.add(listener);
  const last = latest.get(type);
  if (last) listener(last);
  return () => void set.delete(listener);
}

/** Frames the socket sends on every (re)connection, registered by the areas that need them. */
export const LIVE_SYNC_FRAMES: LiveFrame[] = [{ type: "notifications.sync" }];
