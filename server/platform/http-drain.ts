import type { Server } from "node:http";
import net, { type Socket } from "node:net";

/**
 * Keeps track of the HTTP server's connections so a shutdown can close the idle keep-alive ones
 * without cutting a request off. Node's closeIdleConnections() treats a connection whose request
 * bytes are still unread (the event loop was busy) as idle and destroys it: the client sees a reset.
 * Here a connection counts as idle only once it has had no request for `minIdleMs`, and the sweep
 * runs after the event loop's I/O phase, so a request already on the wire is parsed (and the
 * connection busy) before the sweep looks at it. WebSocket upgrades are left to the realtime hub.
 */
export function trackConnections(server: Server) {
  const connections = new Map<Socket, { active: number; idleSince: number }>();
  let accepted = 0;
  server.on("connection", (socket: Socket) => {
    accepted++;
    connections.set(socket, { active: 0, idleSince: Date.now() });
    socket.on("close", () => connections.delete(socket));
  });
  server.on("request", (request, response) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.active++;
    response.on("close", () => {
      state.active--;
      state.idleSince = Date.now();
    });
  });
  server.on("upgrade", (request) => connections.delete(request.socket));

  return {
    /**
     * Stops accepting, once the kernel's queue of accepted-but-not-yet-taken connections is empty:
     * closing a listener resets every connection still in that queue, and under load Node takes one
     * from it per event-loop iteration, so connections waited there for seconds (a loop iteration
     * that renders pages takes hundreds of milliseconds) and a close in any given check phase reset
     * them. The listener is closed in the check phase of the first iteration whose poll phase took
     * no connection, i.e. found the queue empty. Plain net.Server close: http.Server's also destroys
     * every connection that looks idle, including ones whose next request is not yet read.
     * If connections keep coming, it closes anyway after `maxWaitMs`. `onClosed` runs synchronously
     * with the close (no response can be written in between). Resolves once every connection has closed.
     */
    closeListener(onClosed: () => void, maxWaitMs: number): Promise<void> {
      const deadline = Date.now() + maxWaitMs;
      return new Promise((resolve) => {
        const closeIfQuiet = (before: number) => {
          if (accepted !== before && Date.now() < deadline) {
            const now = accepted;
            setImmediate(() => closeIfQuiet(now));
            return;
          }
          net.Server.prototype.close.call(server, () => resolve());
          onClosed();
        };
        // Counted from a check phase, so that the next comparison covers one whole poll phase.
        setImmediate(() => {
          const now = accepted;
          setImmediate(() => closeIfQuiet(now));
        });
      });
    },
    /**
     * Ends connections that have been without a request for at least `minIdleMs`. Call it from a
     * timer: idleness is measured up to now, before this iteration's poll phase, and judged in the
     * check phase after it, so a request sent before that poll phase began has been read by then.
     * Measured in the check phase itself (as it was), a poll phase that spent hundreds of
     * milliseconds rendering made a connection whose next request had arrived meanwhile (unread)
     * look idle that much longer, and ending it reset that request.
     */
    closeIdle(minIdleMs: number) {
      const idleBefore = Date.now() - minIdleMs;
      setImmediate(() => {
        for (const [socket, state] of connections) {
          if (state.active === 0 && state.idleSince <= idleBefore) socket.end();
        }
      });
    },
    /** Open HTTP connections (upgraded WebSockets excluded). */
    count: () => connections.size,
  };
}
