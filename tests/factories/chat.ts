import { randomUUID } from "node:crypto";
import WebSocket from "ws";
import { type CreateUserInput, createUser } from "#server/accounts/factories";
import { createSession, SESSION_COOKIE } from "#server/accounts/session";
import { BrowserClient } from "#tests/support/browser-client";
import type { TestServer } from "#tests/support/test-server";

// Builders for the chat tests: signed-in people and a WebSocket client that speaks the chat protocol.

export type ChatPerson = { id: number; email: string; client: BrowserClient };

export async function chatPerson(server: TestServer, input: CreateUserInput = {}): Promise<ChatPerson> {
  const user = await createUser(server.ctx.db, input);
  return { id: user.id, email: user.email, client: await new BrowserClient(server).signInAs(user.id) };
}

export const newClientId = () => randomUUID();

/** Sends a first message (a request when they never talked); returns the conversation id. */
export async function startChat(from: ChatPerson, to: { id: number }, body = "Hola, ¿tienes un momento?"): Promise<number> {
  const response = await from.client.json("/api/chat/conversations", { user_id: to.id, client_id: newClientId(), body });
  if (response.status !== 201) throw new Error(`start chat: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { conversation: { id: number } }).conversation.id;
}

export async function say(from: ChatPerson, conversationId: number, body: string, clientId = newClientId()) {
  return from.client.json(`/api/chat/conversations/${conversationId}/messages`, { client_id: clientId, body });
}

export type ChatFrame = { type: string; seq?: number; kind?: string; [key: string]: unknown };

/** A WebSocket connection of one user, recording every frame it receives. */
export class ChatSocket {
  readonly frames: ChatFrame[] = [];
  private waiters: Array<() => void> = [];
  /** Resolves with the close code when the connection closes. */
  readonly closed: Promise<number>;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.on("close", (code) => resolve(code)));
    socket.on("message", (raw) => {
      this.frames.push(JSON.parse(String(raw)));
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(server: TestServer, userId: number): Promise<ChatSocket> {
    const session = await createSession(server.ctx.db, { userId, kind: "web" });
    return ChatSocket.openWithSession(server, session.token);
  }

  /** A socket opened with an existing session cookie (e.g. a BrowserClient's after login). */
  static async openWithSession(server: TestServer, sessionToken: string): Promise<ChatSocket> {
    const socket = new WebSocket(`${server.url.replace("http", "ws")}/ws`, {
      headers: { Cookie: `${SESSION_COOKIE}=${sessionToken}`, Origin: server.url },
    });
    const chat = new ChatSocket(socket);
    await chat.waitFor((frame) => frame.type === "hello");
    return chat;
  }

  send(frame: Record<string, unknown>) {
    this.socket.send(JSON.stringify(frame));
  }

  /** Resolves with the first frame (from the start) that matches; rejects after 5 s. */
  waitFor(match: (frame: ChatFrame) => boolean, timeoutMs = 5000): Promise<ChatFrame> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame; got ${JSON.stringify(this.frames.slice(-5))}`)), timeoutMs);
      const check = () => {
        const found = this.frames.find(match);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else this.waiters.push(check);
      };
      check();
    });
  }

  events(kind?: string): ChatFrame[] {
    return this.frames.filter((frame) => frame.type === "chat.event" && (!kind || frame.kind === kind));
  }

  close() {
    this.socket.close();
  }

  /** Drops the TCP connection without a closing handshake, like a phone losing coverage. */
  kill() {
    this.socket.terminate();
  }
}
