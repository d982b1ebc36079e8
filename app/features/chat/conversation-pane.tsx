import { Alert, Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import { api } from "#app/lib/api-client";
import { linkTo } from "#common/route-names";
import classes from "./chat.module.css";
import type { ChatClient, ChatMessage } from "./chat-client";
import { Composer } from "./composer";
import { ConversationHeader } from "./conversation-header";
import { MessageList } from "./message-list";
import { ReportDialog } from "./report-dialog";
import { applyToConversation, applyToMessages, type ConversationSummary, mergeMessages, type ShownMessage } from "./state";
import { useConnectionStatus } from "./use-chat-client";

type Props = {
  me: number;
  client: ChatClient | null;
  initial: ConversationSummary | null;
  history: { data: ChatMessage[]; next_cursor: number | null } | null;
  newWith: ConversationSummary["other"] | null;
  readReceipts: boolean;
};

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : "No se pudo enviar. Inténtalo de nuevo.");

/** One conversation: history, live messages and marks, typing, the composer, and its options. */
export function ConversationPane({ me, client, initial, history, newWith, readReceipts }: Props) {
  const [conversation, setConversation] = useState(initial);
  const [messages, setMessages] = useState<ShownMessage[]>(history?.data ?? []);
  const [cursor, setCursor] = useState(history?.next_cursor ?? null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [typingUntil, setTypingUntil] = useState(0);
  const [reporting, setReporting] = useState<{ messageId: number | null } | null>(null);
  const status = useConnectionStatus(client);
  const navigate = useNavigate();
  const fetcher = useFetcher();
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const keepOffset = useRef<number | null>(null);
  const lastMarked = useRef(0);
  const id = conversation?.id ?? null;
  const other = conversation?.other ?? newWith;
  const [searchParams] = useSearchParams();

  // Revalidated loader data (after accepting, muting…) merges into what the socket already brought.
  useEffect(() => setConversation(initial), [initial]);
  useEffect(() => setMessages((current) => mergeMessages(current, history?.data ?? [])), [history]);

  useEffect(() => {
    if (!client || !id) return;
    const offEvents = client.onEvent((event) => {
      if (event.conversation_id !== id) return;
      setMessages((current) => applyToMessages(current, event));
      setConversation((current) => current && applyToConversation(current, event, me));
      if (event.kind === "message" && event.message?.sender_id !== me) setTypingUntil(0);
    });
    const offTyping = client.onTyping((event) => {
      if (event.conversation_id === id) setTypingUntil(Date.now() + 4000);
    });
    return () => {
      offEvents();
      offTyping();
    };
  }, [client, id, me]);

  useEffect(() => {
    if (!typingUntil) return;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  // Read marks: whatever the other person sent is read while this conversation is on screen.
  const newestFromOther = messages.reduce((max, m) => (m.sender_id !== me && !m.pending && m.id > max ? m.id : max), 0);
  const lastRead = conversation?.last_read_message_id ?? 0;
  useEffect(() => {
    if (!client || !id || status !== "open") return;
    const mark = () => {
      if (document.visibilityState !== "visible" || newestFromOther <= lastRead || newestFromOther <= lastMarked.current) return;
      lastMarked.current = newestFromOther;
      client.markRead(id, newestFromOther);
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [client, id, status, newestFromOther, lastRead]);

  // Stay at the bottom as messages arrive (unless reading older ones); keep the place when older ones load.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || messages.length === 0) return;
    if (keepOffset.current !== null) {
      element.scrollTop = element.scrollHeight - keepOffset.current;
      keepOffset.current = null;
    } else if (nearBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages]);

  const deliver = useCallback(
    (message: ShownMessage) => {
      if (!client) return;
      client
        .send(message.conversation_id, message.body, message.client_id)
        .then((stored) => setMessages((current) => mergeMessages(current, [stored])))
        .catch((error) =>
          setMessages((current) => current.map((m) => (m.client_id === message.client_id ? { ...m, failed: errorText(error) } : m))),
        );
    },
    [client],
  );

  const send = async (body: string) => {
    const clientId = crypto.randomUUID();
    nearBottom.current = true;
    if (!id && newWith) {
      try {
        const result = await api.post<{ conversation: { id: number } }>("/api/chat/conversations", {
          user_id: newWith.id,
          client_id: clientId,
          body,
          ...originOf(searchParams),
        });
        navigate(linkTo("chat", { id: result.conversation.id }), { replace: true });
      } catch (error) {
        notifications.show({ color: "red", message: errorText(error) });
      }
      return;
    }
    if (!id) return;
    const optimistic: ShownMessage = {
      id: 0,
      conversation_id: id,
      sender_id: me,
      client_id: clientId,
      body,
      attachment: null,
      created_at: new Date().toISOString(),
      deleted: false,
      pending: true,
    };
    setMessages((current) => mergeMessages(current, [optimistic]));
    deliver(optimistic);
  };

  // Files waiting to be (re)sent, by client_id: a retry uploads the same file under the same id.
  const files = useRef(new Map<string, File>());
  const upload = (message: ShownMessage, file: File) => {
    const form = new FormData();
    form.set("client_id", message.client_id);
    form.set("file", file, file.name);
    api
      .post<{ message: ChatMessage }>(`/api/chat/conversations/${message.conversation_id}/attachments`, form)
      .then((result) => {
        files.current.delete(message.client_id);
        setMessages((current) => mergeMessages(current, [result.message]));
      })
      .catch((error) =>
        setMessages((current) => current.map((m) => (m.client_id === message.client_id ? { ...m, failed: errorText(error) } : m))),
      );
  };
  const attach = (file: File) => {
    if (!id) return;
    const clientId = crypto.randomUUID();
    nearBottom.current = true;
    files.current.set(clientId, file);
    const optimistic: ShownMessage = {
      id: 0,
      conversation_id: id,
      sender_id: me,
      client_id: clientId,
      body: "",
      attachment: { kind: file.type === "application/pdf" ? "pdf" : "image", name: file.name, size: file.size, url: "" },
      created_at: new Date().toISOString(),
      deleted: false,
      pending: true,
    };
    setMessages((current) => mergeMessages(current, [optimistic]));
    upload(optimistic, file);
  };

  const retry = (message: ShownMessage) => {
    setMessages((current) => current.map((m) => (m.client_id === message.client_id ? { ...m, failed: undefined } : m)));
    const file = files.current.get(message.client_id);
    if (file) upload(message, file);
    else deliver(message);
  };

  const remove = (message: ShownMessage) => {
    api.delete(`/api/chat/messages/${message.id}`).catch((error) => notifications.show({ color: "red", message: errorText(error) }));
  };

  const loadOlder = async () => {
    if (!id || !cursor) return;
    setLoadingOlder(true);
    try {
      const page = await api.get<{ data: ChatMessage[]; next_cursor: number | null }>(
        `/api/chat/conversations/${id}/messages?before=${cursor}`,
      );
      keepOffset.current = scroller.current ? scroller.current.scrollHeight - scroller.current.scrollTop : null;
      setMessages((current) => mergeMessages(current, page.data));
      setCursor(page.next_cursor);
    } catch (error) {
      notifications.show({ color: "red", message: errorText(error) });
    } finally {
      setLoadingOlder(false);
    }
  };

  const closeReport = useCallback(() => setReporting(null), []);
  if (!other) return null;
  const typing = typingUntil > Date.now();
  const headerStatus = typing ? "Escribiendo…" : status === "offline" ? "Sin conexión · reintentando…" : null;
  return (
    <>
      <ConversationHeader
        other={other}
        conversation={conversation}
        readReceipts={readReceipts}
        status={headerStatus}
        onReport={() => setReporting({ messageId: null })}
      />
      {conversation?.incoming_request && (
        <Alert color="teal" radius={0} title={`${other.nombre} quiere hablar contigo`}>
          <Text size="sm" mb="xs">
            Si aceptas, la conversación pasará a tu bandeja. Si la rechazas, no volverás a recibir sus mensajes y no se le avisará.
          </Text>
          <Group gap="xs">
            <Button size="xs" onClick={() => fetcher.submit({ intent: "accept" }, { method: "post" })}>
              Aceptar
            </Button>
            <Button size="xs" variant="default" onClick={() => fetcher.submit({ intent: "decline" }, { method: "post" })}>
              Rechazar
            </Button>
          </Group>
        </Alert>
      )}
      {conversation?.status === "request" && !conversation.incoming_request && (
        <Text size="sm" c="gray.8" px="md" py={6} bg="yellow.0">
          Solicitud enviada: {other.nombre} verá tus mensajes cuando la acepte.
        </Text>
      )}
      {!conversation && (
        <Text size="sm" c="gray.8" px="md" py={6} bg="yellow.0">
          Todavía no habéis hablado: tu primer mensaje le llegará como una solicitud.
        </Text>
      )}
      <div
        className={classes.messages}
        ref={scroller}
        onScroll={(event) => {
          const element = event.currentTarget;
          nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
        }}
      >
        <MessageList
          messages={messages}
          conversation={conversation ?? { other_read_message_id: null, other_delivered_message_id: 0 }}
          me={me}
          hasOlder={Boolean(cursor)}
          loadingOlder={loadingOlder}
          onLoadOlder={loadOlder}
          onDelete={remove}
          onReport={(message) => setReporting({ messageId: message.id })}
          onRetry={retry}
        />
      </div>
      <div className={classes.typing} aria-live="polite">
        {typing ? `${other.nombre} está escribiendo…` : ""}
      </div>
      {conversation?.blocked ? (
        <Alert color="gray" radius={0}>
          <Group justify="space-between">
            <Text size="sm">Has bloqueado a {other.nombre}. No recibirás sus mensajes.</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => fetcher.submit({ intent: "unblock", user_id: String(other.id) }, { method: "post" })}
            >
              Desbloquear
            </Button>
          </Group>
        </Alert>
      ) : (
        <>
          <Composer
            draftId={id ? String(id) : `to-${other.id}`}
            onSend={send}
            onAttach={id ? attach : undefined}
            onTyping={id && client ? () => client.typing(id) : undefined}
          />
          <Text size="xs" c="gray.7" px="sm" pb={4}>
            Mensajes y archivos siguen las{" "}
            <Link to={linkTo("legal", { documento: "condiciones" })} className={classes.legalLink}>
              normas del chat
            </Link>{" "}
            (condiciones de uso).
          </Text>
        </>
      )}
      {reporting && <ReportDialog opened onClose={closeReport} messageId={reporting.messageId} otherName={other.nombre} />}
    </>
  );
}

/** «Contactar» on a representative's profile, product or promotion adds where the person came from (counted in their figures). */
function originOf(params: URLSearchParams): { origen?: "visita"; producto_id?: number; promocion_id?: number } {
  if (params.get("origen") !== "visita") return {};
  const idOf = (name: string) => {
    const id = Number(params.get(name));
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  };
  const producto_id = idOf("producto");
  const promocion_id = idOf("promocion");
  return { origen: "visita", ...(producto_id ? { producto_id } : {}), ...(promocion_id ? { promocion_id } : {}) };
}
