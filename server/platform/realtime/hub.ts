import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import type { Database } from "#server/db/client";
import type { Logger } from "#server/platform/logger";

/** An event for one user's open connections, wherever (on which instance) they are. */
export type RealtimeEvent = { type: string; [key: string]: unknown };

const CHANNEL = "realtime_events";
const HEARTBEAT_MS = 30_000;

/**
 * WebSocket connections of this instance, grouped by user. publish() goes through PostgreSQL
 * NOTIFY so that every instance delivers to the sockets it holds: no broker to run.
 */
export type RealtimeHub = {
  /** Resolves the user of an upgrade request; null refuses the connection. Set by the accounts area. */
  authenticate: (request: IncomingMessage) => Promise<{ userId: number } | null>;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  publish(userId: number, event: RealtimeEvent): Promise<void>;
  onMessage(handler: (userId: number, message: RealtimeEvent) => void): void;
  connectionCount(): number;
  /** Closes every socket with 1001 (going away). */
  close(): Promise<void>;
};

export async function createRealtimeHub(database: Database, logger: Logger): Promise<RealtimeHub> {
  const instanceId = randomUUID();
  const server = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const socketsByUser = new Map<number, Set<WebSocket>>();
  const alive = new WeakSet<WebSocket>();
  let closed = false;
  const messageHandlers: Array<(userId: number, message: RealtimeEvent) => void> = [];

  function deliverLocally(userId: number, event: RealtimeEvent) {
    const data = JSON.stringify(event);
    for (const socket of socketsByUser.get(userId) ?? []) {
      if (socket.readyState === WebSocket.OPEN) socket.send(data);
    }
  }

  const unlisten = await database.listen(CHANNEL, (payload) => {
    try {
      const { userId, event } = JSON.parse(payload) as { userId: number; event: RealtimeEvent; from: string };
      deliverLocally(userId, event);
    } catch (error) {
      logger.warn({ err: error }, "realtime: unreadable notification");
    }
  });

  const heartbeat = setInterval(() => {
    for (const socket of server.clients) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  function register(socket: WebSocket, userId: number) {
    const set = socketsByUser.get(userId) ?? new Set<WebSocket>();
    socketsByUser.set(userId, set);
    set.add(socket);
    alive.add(socket);
    socket.on("pong", () => alive.add(socket));
    socket.on("close", () => {
      set.delete(socket);
      if (set.size === 0) socketsByUser.delete(userId);
    });
    socket.on("message", (raw) => {
      let message: RealtimeEvent;
      try {
        message = JSON.parse(String(raw));
        if (typeof message?.type !== "string") throw new Error("no type");
      } catch {
        socket.send(JSON.stringify({ type: "error", message: "Mensaje no válido." }));
        return;
      }
      if (message.type === "ping") {
        socket.send(JSON.stringify({ type: "pong" }));
        return;
      }
      for (const handler of messageHandlers) handler(userId, message);
    });
    socket.send(JSON.stringify({ type: "hello", instance: instanceId }));
  }

  const hub: RealtimeHub = {
    authenticate: async () => null,
    handleUpgrade(request, socket, head) {
      hub
        .authenticate(request)
        .then((identity) => {
          if (!identity) {
            socket.end("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
            return;
          }
          server.handleUpgrade(request, socket, head, (ws) => register(ws, identity.userId));
        })
        .catch((error) => {
          logger.error({ err: error }, "realtime: upgrade failed");
          socket.destroy();
        });
    },
    async publish(userId, event) {
      await database.notify(CHANNEL, JSON.stringify({ userId, event, from: instanceId }));
    },
    onMessage(handler) {
      messageHandlers.push(handler);
    },
    connectionCount: () => server.clients.size,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      for (const socket of server.clients) socket.close(1001, "El servidor se está reiniciando");
      await unlisten();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return hub;
}
