import type { Server } from "node:http";
import type { Socket } from "node:net";

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
  server.on("connection", (socket: Socket) => {
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
    /** Ends connections that have been without a request for at least `minIdleMs`. */
    closeIdle(minIdleMs: number) {
      setImmediate(() => {
        const now = Date.now();
        for (const [socket, state] of connections) {
          if (state.active === 0 && now - state.idleSince >= minIdleMs) socket.end();
        }
      });
    },
    /** Open HTTP connections (upgraded WebSockets excluded). */
    count: () => connections.size,
  };
}
