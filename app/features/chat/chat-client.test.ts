import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChatClient, type ChatEvent } from "./chat-client";

// A stand-in for the browser's WebSocket: records what the client sends, lets the test answer.
class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket;
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const message = (seq: number, id = seq): ChatEvent => ({
  type: "chat.event",
  seq,
  kind: "message",
  conversation_id: 1,
  message_id: id,
  message: { id, conversation_id: 1, sender_id: 2, client_id: `c${id}`, body: `m${id}`, attachment: null, created_at: "", deleted: false },
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("window", { addEventListener() {}, removeEventListener() {} });
  // Signed in: the server's "logged" flag beside the session cookie.
  vi.stubGlobal("document", { addEventListener() {}, removeEventListener() {}, visibilityState: "visible", cookie: "logged=1" });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function startClient() {
  const client = new ChatClient(1, "ws://test/ws");
  const applied: number[] = [];
  client.onEvent((event) => applied.push(event.seq));
  client.start();
  return { client, applied, socket: FakeSocket.last };
}

describe("ChatClient", () => {
  it("applies events in sequence once each, and resumes to fill a gap", () => {
    const { client, applied, socket } = startClient();
    client.setBaseline(10);
    socket.open();
    expect(socket.sent[0]).toEqual({ type: "chat.resume", since: 10 });
    socket.receive({ type: "chat.resumed", last_seq: 10, more: false });
    socket.receive(message(11));
    socket.receive(message(11)); // duplicate
    socket.receive(message(13)); // 12 is missing
    expect(applied).toEqual([11]);
    expect(socket.sent.at(-1)).toEqual({ type: "chat.resume", since: 11 });
    socket.receive(message(12));
    socket.receive(message(13));
    socket.receive({ type: "chat.resumed", last_seq: 13, more: false });
    expect(applied).toEqual([11, 12, 13]);
  });

  it("resumes when the server says its notifications were interrupted, also during a resume", () => {
    const { client, applied, socket } = startClient();
    client.setBaseline(4);
    socket.open();
    socket.receive({ type: "chat.resumed", last_seq: 4, more: false });
    socket.receive({ type: "resume" });
    expect(socket.sent.at(-1)).toEqual({ type: "chat.resume", since: 4 });
    socket.receive({ type: "resume" }); // while the first is answered
    socket.receive(message(5));
    socket.receive({ type: "chat.resumed", last_seq: 5, more: false });
    expect(applied).toEqual([5]);
    expect(socket.sent.at(-1)).toEqual({ type: "chat.resume", since: 5 });
    socket.receive({ type: "chat.resumed", last_seq: 5, more: false });
    expect(socket.sent.filter((frame) => frame.type === "chat.resume")).toHaveLength(3);
  });

  it("acknowledges delivery of the other person's messages", () => {
    const { client, socket } = startClient();
    client.setBaseline(0);
    socket.open();
    socket.receive(message(1, 77));
    expect(socket.sent).toContainEqual({ type: "chat.delivered", conversation_id: 1, message_id: 77 });
  });

  it("resends unacknowledged messages with the same client_id after reconnecting, and resumes from the last sequence", async () => {
    const { client, socket } = startClient();
    client.setBaseline(5);
    socket.open();
    const sent = client.send(1, "hola", "client-1");
    socket.close(); // dropped before the ack
    vi.advanceTimersByTime(15_000);
    const second = FakeSocket.last;
    expect(second).not.toBe(socket);
    second.open();
    expect(second.sent).toContainEqual({ type: "chat.resume", since: 5 });
    expect(second.sent).toContainEqual({ type: "chat.send", conversation_id: 1, client_id: "client-1", body: "hola" });
    second.receive({ type: "chat.ack", client_id: "client-1", message: { id: 9, client_id: "client-1" } });
    await expect(sent).resolves.toMatchObject({ id: 9 });
    client.stop();
  });

  it("does not reconnect once the server says the session ended", () => {
    const { client, socket } = startClient();
    socket.open();
    socket.close(4401);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.last).toBe(socket);
    client.stop();
  });

  it("opens no socket once the session is gone from the browser, and none again after a drop", () => {
    (document as { cookie: string }).cookie = "logged=0";
    const before = FakeSocket.last;
    const signedOut = new ChatClient(1, "ws://test/ws");
    signedOut.start();
    expect(FakeSocket.last).toBe(before);
    expect(signedOut.status).toBe("offline");

    (document as { cookie: string }).cookie = "logged=1";
    const { client, socket } = startClient();
    socket.open();
    // Signed out underneath the page (cookies cleared, another tab): a reconnection would be refused (401).
    (document as { cookie: string }).cookie = "";
    socket.close();
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.last).toBe(socket);
    expect(client.status).toBe("offline");
  });

  it("rejects a send the server refuses", async () => {
    const { client, socket } = startClient();
    socket.open();
    const sent = client.send(1, "hola", "client-2");
    socket.receive({
      type: "chat.error",
      request: "chat.send",
      client_id: "client-2",
      code: "FORBIDDEN",
      message: "Has bloqueado a esta persona.",
    });
    await expect(sent).rejects.toMatchObject({ code: "FORBIDDEN", message: "Has bloqueado a esta persona." });
  });

  it("drops its socket as soon as the browser goes offline, and reconnects and resumes when it is back", () => {
    const listeners = new Map<string, () => void>();
    vi.stubGlobal("window", { addEventListener: (name: string, fn: () => void) => listeners.set(name, fn), removeEventListener() {} });
    const { client, applied, socket } = startClient();
    const statuses: string[] = [];
    client.onStatus((status) => statuses.push(status));
    client.setBaseline(3);
    socket.open();
    socket.receive({ type: "chat.resumed", last_seq: 3, more: false });
    listeners.get("offline")?.();
    expect(client.status).toBe("offline");
    socket.receive(message(4)); // a late frame of the dropped socket is ignored: the resume brings it
    expect(applied).toEqual([]);
    listeners.get("online")?.();
    const second = FakeSocket.last;
    expect(second).not.toBe(socket);
    second.open();
    expect(second.sent).toContainEqual({ type: "chat.resume", since: 3 });
    second.receive(message(4));
    expect(applied).toEqual([4]);
    expect(statuses.at(-1)).toBe("open");
    client.stop();
  });
});
