import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { sql } from "drizzle-orm";
import { WebSocket, WebSocketServer } from "ws";
import { REALTIME_SESSION_ENDED_CLOSE_CODE } from "#common/constants";
import type { Database, Db } from "#server/db/client";
import { logBackgroundFailure } from "#server/platform/db-errors";
import type { Logger } from "#server/platform/logger";

/** An event for one user's open connections, wherever (on which instance) they are. */
export type RealtimeEvent = { type: string; [key: string]: unknown };
export type RealtimeDelivery = { userId: number; event: RealtimeEvent };
/**
 * Turns notified events (which carry ids only) into what the sockets receive, in one batch for
 * every user this instance holds; null drops an event. Must return one entry per input, in order.
 */
export type RealtimeResolver = (items: RealtimeDelivery[]) => Promise<Array<RealtimeEvent | null>>;
/** Answers the socket a client message came from. */
export type RealtimeReply = (event: RealtimeEvent) => void;

const CHANNEL = "realtime_events";
const HEARTBEAT_MS = 30_000;
/** Close code of a socket whose session ended (logout, reset, ended from the user area): do not reconnect. */
export const SESSION_ENDED_CLOSE_CODE = REALTIME_SESSION_ENDED_CLOSE_CODE;
const SESSION_ENDED_REASON = "Sesión cerrada";

/** Who a socket belongs to: the user, and the web session it was opened with. */
export type RealtimeIdentity = { userId: number; sessionId: number };

/**
 * WebSocket connections of this instance, grouped by user. publish() goes through PostgreSQL
 * NOTIFY so that every instance delivers to the sockets it holds: no broker to run.
 */
export type RealtimeHub = {
  /** Resolves the user of an upgrade request; null refuses the connection. Set by the accounts area. */
  authenticate: (request: IncomingMessage) => Promise<RealtimeIdentity | null>;
  /**
   * Which of these session ids are still valid; set by the accounts area. Checked on every heartbeat,
   * so a socket outlives its session by at most one interval even if a revocation notice was missed
   * (expiry, a notice lost while the database connection was down).
   */
  validSessions: (sessionIds: number[]) => Promise<Set<number>>;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  publish(userId: number, event: RealtimeEvent): Promise<void>;
  /**
   * Publishes inside a transaction: PostgreSQL delivers the notification only if it commits, and in
   * commit order, so events that are numbered under a lock arrive in their order.
   */
  publishIn(tx: Db, items: RealtimeDelivery[]): Promise<void>;
  /**
   * Publishes after a commit, in as few notifications as the payload limit allows: commits that NOTIFY are serialised by PostgreSQL
   * (one at a time, each with its WAL flush), so a hot path commits first and announces after.
   * Notifications of different transactions may then arrive out of commit order; sequenced clients
   * notice the gap and resume (decision 0043).
   */
  publishAll(items: RealtimeDelivery[]): Promise<void>;
  /** Registers how events of a type are expanded before they reach sockets (e.g. ids → message). */
  resolve(type: string, resolver: RealtimeResolver): void;
  onMessage(handler: (userId: number, message: RealtimeEvent, reply: RealtimeReply) => void): void;
  /** Closes the sockets whose session is no longer valid (run on every heartbeat). */
  closeEndedSessions(): Promise<void>;
  /** Closes this instance's sockets opened with these sessions (the others learn it by NOTIFY). */
  closeSessions(sessionIds: number[]): void;
  /** Whether this instance holds an open socket of the user. */
  hasLocalConnection(userId: number): boolean;
  /** The users with an open socket on this instance. */
  localUserIds(): number[];
  connectionCount(): number;
  /** Messages received from and sent to this instance's sockets since it started (metrics). */
  messageCounts(): { received: number; sent: number };
  /** Closes every socket with 1001 (going away). */
  close(): Promise<void>;
};

export async function createRealtimeHub(database: Database, logger: Logger): Promise<RealtimeHub> {
  const instanceId = randomUUID();
  const server = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const socketsByUser = new Map<number, Set<WebSocket>>();
  const alive = new WeakSet<WebSocket>();
  const sessionOf = new Map<WebSocket, number>();
  let closed = false;
  const messageHandlers: Array<(userId: number, message: RealtimeEvent, reply: RealtimeReply) => void> = [];
  const resolvers = new Map<string, RealtimeResolver>();
  // Notifications are expanded in batches, one batch at a time, so each user's events keep their order.
  let pending: RealtimeDelivery[] = [];
  let draining = false;
  let received = 0;
  let sent = 0;

  function deliverLocally(userId: number, event: RealtimeEvent) {
    const data = JSON.stringify(event);
    for (const socket of socketsByUser.get(userId) ?? []) {
      if (socket.readyState === WebSocket.OPEN) {
        socket.send(data);
        sent++;
      }
    }
  }

  async function resolveBatch(batch: RealtimeDelivery[]): Promise<Array<RealtimeEvent | null>> {
    const out: Array<RealtimeEvent | null> = batch.map((item) => item.event);
    const byType = new Map<string, number[]>();
    batch.forEach((item, index) => {
      if (!resolvers.has(item.event.type)) return;
      const indexes = byType.get(item.event.type) ?? [];
      indexes.push(index);
      byType.set(item.event.type, indexes);
    });
    for (const [type, indexes] of byType) {
      const resolved = await (resolvers.get(type) as RealtimeResolver)(indexes.map((i) => batch[i] as RealtimeDelivery));
      indexes.forEach((i, k) => {
        out[i] = resolved[k] ?? null;
      });
    }
    return out;
  }

  async function drain() {
    while (pending.length) {
      const batch = pending;
      pending = [];
      try {
        const events = await resolveBatch(batch);
        batch.forEach((item, index) => {
          const event = events[index];
          if (event) deliverLocally(item.userId, event);
        });
      } catch (error) {
        // Clients notice the gap in their sequence and resume; nothing is lost.
        logger.error({ err: error }, "realtime: resolving events failed");
      }
    }
    draining = false;
  }

  function enqueue(items: RealtimeDelivery[]) {
    for (const item of items) if (socketsByUser.has(item.userId)) pending.push(item);
    if (pending.length && !draining) {
      draining = true;
      setImmediate(() => void drain());
    }
  }

  const unlisten = await database.listen(
    CHANNEL,
    (payload) => {
      try {
        const parsed = JSON.parse(payload) as { items?: RealtimeDelivery[]; userId?: number; event?: RealtimeEvent; revoked?: number[] };
        // Sent by the database when a session row is deleted (migrations 0010 and 0024).
        if (parsed.revoked) return hub.closeSessions(parsed.revoked);
        enqueue(parsed.items ?? [{ userId: parsed.userId as number, event: parsed.event as RealtimeEvent }]);
      } catch (error) {
        logger.warn({ err: error }, "realtime: unreadable notification");
      }
    },
    {
      // Notifications sent while the LISTEN connection was down are lost for good: every socket is
      // told to resume from its last sequence number, which fills the gap from the stored events.
      onReconnect() {
        const data = JSON.stringify({ type: "resume" });
        for (const socket of server.clients) if (socket.readyState === WebSocket.OPEN) socket.send(data);
        // Sessions ended in the gap (their notices are lost too) close now, not at the next heartbeat.
        hub.closeEndedSessions().catch((error) => logger.warn({ err: error }, "realtime: session check failed"));
      },
    },
  );

  const heartbeat = setInterval(() => {
    for (const socket of server.clients) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
    hub.closeEndedSessions().catch((error) => logger.warn({ err: error }, "realtime: session check failed"));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  function register(socket: WebSocket, { userId, sessionId }: RealtimeIdentity) {
    sessionOf.set(socket, sessionId);
    const set = socketsByUser.get(userId) ?? new Set<WebSocket>();
    socketsByUser.set(userId, set);
    set.add(socket);
    alive.add(socket);
    socket.on("pong", () => alive.add(socket));
    // A frame over maxPayload (1009) or invalid UTF-8 (1007): ws closes the socket with that code and
    // emits "error"; an error nobody listens to would end the process and every user's connection.
    socket.on("error", (error: Error & { code?: string }) => logger.warn({ code: error.code, userId }, "realtime: socket error"));
    socket.on("close", () => {
      sessionOf.delete(socket);
      set.delete(socket);
      if (set.size === 0) socketsByUser.delete(userId);
    });
    socket.on("message", (raw) => {
      received++;
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
      const reply: RealtimeReply = (event) => {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(event));
      };
      for (const handler of messageHandlers) handler(userId, message, reply);
    });
    socket.send(JSON.stringify({ type: "hello", instance: instanceId }));
  }

  const hub: RealtimeHub = {
    authenticate: async () => null,
    validSessions: async (ids) => new Set(ids),
    handleUpgrade(request, socket, head) {
      // Node's HTTP server stops listening for errors on an upgraded socket: a client that resets the
      // connection while it is authenticated (or mid-handshake) must not end the process.
      socket.on("error", (error: Error & { code?: string }) => {
        logger.debug({ code: error.code }, "realtime: upgrade socket error");
        socket.destroy();
      });
      hub
        .authenticate(request)
        .then((identity) => {
          if (!identity) {
            socket.end("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
            return;
          }
          server.handleUpgrade(request, socket, head, (ws) => register(ws, identity));
        })
        .catch((error) => {
          logBackgroundFailure(logger, error, "realtime: upgrade failed");
          socket.destroy();
        });
    },
    async publish(userId, event) {
      await database.notify(CHANNEL, JSON.stringify({ items: [{ userId, event }], from: instanceId }));
    },
    async publishIn(tx, items) {
      if (!items.length) return;
      // A NOTIFY payload must stay under 8,000 bytes: many items (a filled offer's thousands of
      // applicants) go out as several notifications, still in one statement.
      const payloads = notifyPayloads(items, instanceId);
      await tx.execute(sql`SELECT pg_notify(${CHANNEL}, p) FROM json_array_elements_text(${JSON.stringify(payloads)}::json) AS p`);
    },
    async publishAll(items) {
      for (const payload of notifyPayloads(items, instanceId)) await database.notify(CHANNEL, payload);
    },
    resolve(type, resolver) {
      resolvers.set(type, resolver);
    },
    onMessage(handler) {
      messageHandlers.push(handler);
    },
    async closeEndedSessions() {
      const ids = [...new Set(sessionOf.values())];
      if (!ids.length) return;
      const valid = await hub.validSessions(ids);
      hub.closeSessions(ids.filter((id) => !valid.has(id)));
    },
    closeSessions(sessionIds) {
      if (!sessionIds.length) return;
      const ended = new Set(sessionIds);
      for (const [socket, sessionId] of sessionOf) {
        if (ended.has(sessionId)) socket.close(SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_REASON);
      }
    },
    hasLocalConnection: (userId) => socketsByUser.has(userId),
    localUserIds: () => [...socketsByUser.keys()],
    connectionCount: () => server.clients.size,
    messageCounts: () => ({ received, sent }),
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

/** Under PostgreSQL's 8,000-byte NOTIFY limit, with room for multi-byte text in events. */
const NOTIFY_PAYLOAD_BYTES = 7000;

/** The items as JSON payloads of at most NOTIFY_PAYLOAD_BYTES each (an item alone is never split). */
export function notifyPayloads(items: RealtimeDelivery[], from: string): string[] {
  const payloads: string[] = [];
  let batch: RealtimeDelivery[] = [];
  let size = 0;
  for (const item of items) {
    const itemSize = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (batch.length && size + itemSize > NOTIFY_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify({ items: batch, from }));
      batch = [];
      size = 0;
    }
    batch.push(item);
    size += itemSize;
  }
  if (batch.length) payloads.push(JSON.stringify({ items: batch, from }));
  return payloads;
}
