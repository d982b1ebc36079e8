import { getCookie } from "#app/lib/cookies";
import { LIVE_SYNC_FRAMES, publishLiveFrame } from "#app/lib/live-events";
import type { ChatEventKind } from "#common/chat/vocabulary";
import { LOGGED_COOKIE, REALTIME_SESSION_ENDED_CLOSE_CODE } from "#common/constants";

// The browser's side of docs/chat-websocket.md: one socket per tab, reconnecting with back-off,
// resuming by sequence, retrying unacknowledged sends with their client_id.

export type ChatAttachment = {
  kind: "image" | "pdf";
  name: string;
  size: number;
  width?: number;
  height?: number;
  url: string;
};

export type ChatMessage = {
  id: number;
  conversation_id: number;
  sender_id: number;
  client_id: string;
  body: string;
  attachment: ChatAttachment | null;
  created_at: string;
  deleted: boolean;
};

export type ChatEvent = {
  type: "chat.event";
  seq: number;
  kind: ChatEventKind;
  conversation_id: number;
  message_id: number | null;
  message?: ChatMessage;
  unread_total?: number;
  user_id?: number;
  status?: "request" | "active" | "declined";
  muted?: boolean;
};
export type TypingEvent = { type: "chat.typing"; conversation_id: number; user_id: number };
export type ConnectionStatus = "connecting" | "open" | "offline";

type Frame = { type: string; [key: string]: unknown };
type Pending = { frame: Frame; resolve: (message: ChatMessage) => void; reject: (error: ChatSendError) => void };

export class ChatSendError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

const MAX_BACKOFF_MS = 10_000;

/**
 * Whether this browser still holds a session: the server sets "logged" to 1 with the session cookie
 * and to 0 when it ends it (the session cookie itself is httpOnly). A socket opened without one is
 * refused with 401, which the browser logs as an error, and retrying could only be refused again.
 */
const holdsSession = () => getCookie(LOGGED_COOKIE) === "1";

export class ChatClient {
  private socket: WebSocket | null = null;
  private lastSeq: number | null = null;
  private resuming = false;
  /** The server asked for a resume while one was in flight: its answer may predate what was missed. */
  private resumeAgain = false;
  private held = new Map<number, ChatEvent>();
  private outbox = new Map<string, Pending>();
  private eventListeners = new Set<(event: ChatEvent) => void>();
  private typingListeners = new Set<(event: TypingEvent) => void>();
  private statusListeners = new Set<(status: ConnectionStatus) => void>();
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;
  status: ConnectionStatus = "connecting";

  constructor(
    readonly userId: number,
    private readonly url: string,
  ) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    window.addEventListener("online", this.reconnectNow);
    window.addEventListener("offline", this.dropConnection);
    document.addEventListener("visibilitychange", this.onVisible);
    this.connect();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    window.removeEventListener("online", this.reconnectNow);
    window.removeEventListener("offline", this.dropConnection);
    document.removeEventListener("visibilitychange", this.onVisible);
    this.socket?.close();
    this.socket = null;
  }

  /**
   * The sequence a page's data was read at. Resuming from the lower of it and ours replays what
   * the page's snapshot may lack; applying an event twice is harmless.
   */
  setBaseline(seq: number) {
    if (this.lastSeq === null || seq < this.lastSeq) {
      this.lastSeq = seq;
      this.resume();
    }
  }

  onEvent(listener: (event: ChatEvent) => void) {
    this.eventListeners.add(listener);
    return () => void this.eventListeners.delete(listener);
  }
  onTyping(listener: (event: TypingEvent) => void) {
    this.typingListeners.add(listener);
    return () => void this.typingListeners.delete(listener);
  }
  onStatus(listener: (status: ConnectionStatus) => void) {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }

  /** Sends a message; resolves with the stored message once the server acknowledges it. */
  send(conversationId: number, body: string, clientId: string): Promise<ChatMessage> {
    const existing = this.outbox.get(clientId);
    if (existing) {
      this.transmit(existing.frame);
      return new Promise((resolve, reject) => {
        const previous = existing;
        this.outbox.set(clientId, {
          frame: previous.frame,
          resolve: (m) => {
            previous.resolve(m);
            resolve(m);
          },
          reject: (e) => {
            previous.reject(e);
            reject(e);
          },
        });
      });
    }
    return new Promise((resolve, reject) => {
      const frame = { type: "chat.send", conversation_id: conversationId, client_id: clientId, body };
      this.outbox.set(clientId, { frame, resolve, reject });
      this.transmit(frame);
    });
  }

  typing(conversationId: number) {
    this.transmit({ type: "chat.typing", conversation_id: conversationId });
  }
  markRead(conversationId: number, messageId: number) {
    this.transmit({ type: "chat.read", conversation_id: conversationId, message_id: messageId });
  }

  private transmit(frame: Frame) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private setStatus(status: ConnectionStatus) {
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private connect() {
    if (this.stopped) return;
    // Signed out underneath the page (in another tab, cookies cleared) before the socket opened or
    // while it was away: no socket without a session; a later sign-in starts one (chatClientFor).
    if (!holdsSession()) {
      this.stop();
      return this.setStatus("offline");
    }
    this.setStatus(this.attempts === 0 ? "connecting" : "offline");
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      this.resuming = false;
      this.resumeAgain = false;
      this.setStatus("open");
      this.resume();
      for (const frame of LIVE_SYNC_FRAMES) this.transmit(frame);
      // Everything not acknowledged goes again with its client_id: the server keeps one copy.
      for (const pending of this.outbox.values()) this.transmit(pending.frame);
    };
    socket.onmessage = (message) => this.receive(JSON.parse(String(message.data)) as Frame);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      // The session ended (logout, password reset, ended from another device): reconnecting would
      // only be refused; the page's next request sends the person to sign in.
      if (event?.code === REALTIME_SESSION_ENDED_CLOSE_CODE) this.stopped = true;
      if (this.stopped) return this.setStatus("offline");
      this.retryLater();
    };
  }

  private retryLater() {
    this.setStatus("offline");
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempts) * (0.5 + Math.random() / 2);
    this.attempts++;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /**
   * The device lost its network: a socket may look open for minutes before TCP notices, so it is
   * dropped at once (the person sees "Sin conexión"); "online" reconnects and resumes.
   */
  private dropConnection = () => {
    const socket = this.socket;
    if (this.stopped || !socket) return;
    this.socket = null;
    this.resuming = false;
    socket.onclose = null;
    socket.onmessage = null;
    socket.close();
    this.retryLater();
  };

  private reconnectNow = () => {
    if (this.stopped || this.socket) return;
    clearTimeout(this.retryTimer);
    this.connect();
  };

  private onVisible = () => {
    if (document.visibilityState === "visible") this.reconnectNow();
  };

  private resume() {
    if (this.resuming || this.socket?.readyState !== WebSocket.OPEN) return;
    this.resuming = true;
    this.transmit(this.lastSeq === null ? { type: "chat.resume" } : { type: "chat.resume", since: this.lastSeq });
  }

  private receive(frame: Frame) {
    switch (frame.type) {
      case "chat.event":
        this.sequence(frame as unknown as ChatEvent);
        return;
      case "chat.resumed":
        this.resuming = false;
        if (this.lastSeq === null) this.lastSeq = Number(frame.last_seq);
        this.drainHeld();
        if (frame.more || this.held.size || this.resumeAgain) {
          this.resumeAgain = false;
          this.resume();
        }
        return;
      case "resume":
        // The server's notifications were interrupted (a database outage): fetch what was missed.
        if (this.resuming) this.resumeAgain = true;
        else this.resume();
        return;
      case "chat.typing":
        for (const listener of this.typingListeners) listener(frame as unknown as TypingEvent);
        return;
      case "chat.ack": {
        const pending = this.outbox.get(String(frame.client_id));
        this.outbox.delete(String(frame.client_id));
        pending?.resolve(frame.message as ChatMessage);
        return;
      }
      case "chat.error": {
        if (frame.request !== "chat.send" || !frame.client_id) return;
        const pending = this.outbox.get(String(frame.client_id));
        this.outbox.delete(String(frame.client_id));
        pending?.reject(new ChatSendError(String(frame.message), String(frame.code)));
        return;
      }
      default:
        if (!frame.type.startsWith("chat.")) publishLiveFrame(frame);
    }
  }

  /** Applies events strictly in sequence: duplicates dropped, gaps filled by a resume. */
  private sequence(event: ChatEvent) {
    if (this.lastSeq === null || event.seq > this.lastSeq + 1) {
      this.held.set(event.seq, event);
      if (this.lastSeq !== null) this.resume();
      return;
    }
    if (event.seq <= this.lastSeq) return;
    this.apply(event);
    this.drainHeld();
  }

  private drainHeld() {
    if (this.lastSeq === null) return;
    for (const seq of [...this.held.keys()].sort((a, b) => a - b)) {
      if (seq <= this.lastSeq) this.held.delete(seq);
      else if (seq === this.lastSeq + 1) {
        const event = this.held.get(seq) as ChatEvent;
        this.held.delete(seq);
        this.apply(event);
      } else break;
    }
  }

  private apply(event: ChatEvent) {
    this.lastSeq = event.seq;
    if (event.kind === "message" && event.message && event.message.sender_id !== this.userId) {
      // It reached this device: the sender sees "entregado".
      this.transmit({ type: "chat.delivered", conversation_id: event.conversation_id, message_id: event.message.id });
    }
    for (const listener of this.eventListeners) listener(event);
  }
}

let shared: ChatClient | null = null;

/** The tab's chat connection for a signed-in user (null on the server). */
export function chatClientFor(userId: number): ChatClient | null {
  if (typeof window === "undefined") return null;
  if (shared && shared.userId !== userId) {
    shared.stop();
    shared = null;
  }
  if (!shared) {
    const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
    shared = new ChatClient(userId, `${protocol}//${window.location.host}/ws`);
  }
  shared.start();
  return shared;
}

export function stopChatClient() {
  shared?.stop();
  shared = null;
}
