import { ActionIcon, Button, Menu, Text, VisuallyHidden } from "@mantine/core";
import { Fragment } from "react";
import { LinkifiedText } from "#app/ui/linkified-text";
import { CHAT_DELETE_WINDOW_MINUTES, CHAT_DELETED_TEXT } from "#common/chat/vocabulary";
import { AttachmentView } from "./attachment-view";
import classes from "./chat.module.css";
import { dayKey, formatDay, formatTime } from "./format";
import { LinkPreviewCard } from "./link-preview-card";
import { type ConversationSummary, type Mark, markOf, type ShownMessage } from "./state";

const MARK_TEXT: Record<Mark, { glyph: string; label: string }> = {
  sending: { glyph: "🕓", label: "Enviando" },
  failed: { glyph: "!", label: "No enviado" },
  sent: { glyph: "✓", label: "Enviado" },
  delivered: { glyph: "✓✓", label: "Entregado" },
  read: { glyph: "✓✓", label: "Leído" },
};

type Props = {
  messages: ShownMessage[];
  conversation: Pick<ConversationSummary, "other_read_message_id" | "other_delivered_message_id">;
  me: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onDelete: (message: ShownMessage) => void;
  onReport: (message: ShownMessage) => void;
  onRetry: (message: ShownMessage) => void;
};

const canDelete = (message: ShownMessage) => Date.now() - new Date(message.created_at).getTime() < CHAT_DELETE_WINDOW_MINUTES * 60_000;

/** History with day separators, 24-hour times and sent / delivered / read marks on one's own messages. */
export function MessageList({ messages, conversation, me, hasOlder, loadingOlder, onLoadOlder, onDelete, onReport, onRetry }: Props) {
  let previousDay = "";
  return (
    <>
      {hasOlder && (
        <div className={classes.day}>
          <Button variant="subtle" size="xs" onClick={onLoadOlder} loading={loadingOlder}>
            Cargar mensajes anteriores
          </Button>
        </div>
      )}
      <ol style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label="Mensajes">
        {messages.map((message) => {
          const day = dayKey(message.created_at);
          const separator = day !== previousDay;
          previousDay = day;
          const mine = message.sender_id === me;
          const mark = mine ? markOf(message, conversation) : null;
          const showMenu = !message.deleted && !message.pending && (mine ? canDelete(message) : true);
          return (
            <Fragment key={message.client_id}>
              {separator && (
                <li className={classes.day} aria-hidden="true">
                  <span>{formatDay(message.created_at)}</span>
                </li>
              )}
              <li className={classes.row} data-mine={mine || undefined} data-testid="chat-message">
                <div className={classes.bubble} data-deleted={message.deleted || undefined}>
                  {!message.deleted && message.attachment && <AttachmentView attachment={message.attachment} />}
                  {message.deleted ? CHAT_DELETED_TEXT : <LinkifiedText text={message.body} />}
                  {!message.deleted && <LinkPreviewCard text={message.body} />}
                  <div className={classes.meta}>
                    <VisuallyHidden>{mine ? "Enviado por ti" : "Recibido"} a las </VisuallyHidden>
                    <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
                    {mark && (
                      <span className={mark === "read" ? classes.read : undefined} title={MARK_TEXT[mark].label} data-mark={mark}>
                        <span aria-hidden="true">{MARK_TEXT[mark].glyph}</span>
                        <VisuallyHidden>{MARK_TEXT[mark].label}</VisuallyHidden>
                      </span>
                    )}
                    {showMenu && (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" size={28} aria-label="Opciones del mensaje">
                            ⋯
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {mine ? (
                            <Menu.Item color="red" onClick={() => onDelete(message)}>
                              Eliminar para todos
                            </Menu.Item>
                          ) : (
                            <Menu.Item onClick={() => onReport(message)}>Denunciar mensaje</Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </div>
                  {message.failed && (
                    <Text size="xs" c="red.8">
                      {message.failed}{" "}
                      <Button variant="subtle" size="compact-xs" onClick={() => onRetry(message)}>
                        Reintentar
                      </Button>
                    </Text>
                  )}
                </div>
              </li>
            </Fragment>
          );
        })}
      </ol>
    </>
  );
}
