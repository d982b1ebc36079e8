import { Avatar, Badge, Group, Stack, Text, TextInput, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { VERIFIED_BADGE } from "#common/accounts/professional-verification";
import { CHAT_DELETED_TEXT } from "#common/chat/vocabulary";
import { linkTo } from "#common/route-names";
import classes from "./chat.module.css";
import { formatListTime } from "./format";
import { type ChatSettings, ChatSettingsButton } from "./settings-dialog";
import { type ConversationSummary, matchesName } from "./state";

type Props = {
  list: ConversationSummary[];
  folder: "inbox" | "requests";
  requestsCount: number;
  activeId: number | null;
  me: number;
  settings: ChatSettings;
};

/** The conversation list: newest first, the other person's photo, name, role, last message, time, unread count. */
export function ConversationList({ list, folder, requestsCount, activeId, me, settings }: Props) {
  const [query, setQuery] = useState("");
  const shown = query.trim() ? list.filter((c) => matchesName(c.other.nombre, query)) : list;
  return (
    <Stack gap={0} h="100%" className={classes.listColumn}>
      <Group gap={4} p="sm" component="nav" aria-label="Carpetas del chat" wrap="nowrap">
        <UnstyledButton
          component={Link}
          to={linkTo("chat")}
          className={classes.folder}
          data-active={folder === "inbox" || undefined}
          aria-current={folder === "inbox" ? "page" : undefined}
        >
          Conversaciones
        </UnstyledButton>
        <UnstyledButton
          component={Link}
          to={linkTo("chat", {}, { carpeta: "solicitudes" })}
          className={classes.folder}
          data-active={folder === "requests" || undefined}
          aria-current={folder === "requests" ? "page" : undefined}
        >
          Solicitudes
          {requestsCount > 0 && (
            <Badge size="xs" ml={6} color="red" circle={requestsCount < 10}>
              {requestsCount}
            </Badge>
          )}
        </UnstyledButton>
      </Group>
      <Group px="sm" pb="sm" gap="xs" wrap="nowrap">
        <TextInput
          type="search"
          aria-label="Buscar por nombre"
          placeholder="Buscar por nombre"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <ChatSettingsButton settings={settings} />
      </Group>
      <ul className={classes.list} aria-label={folder === "requests" ? "Solicitudes de mensaje" : "Conversaciones"}>
        {shown.map((conversation) => {
          const last = conversation.last_message;
          const preview = !last
            ? ""
            : last.deleted
              ? CHAT_DELETED_TEXT
              : `${last.sender_id === me ? "Tú: " : ""}${last.body || `Archivo: ${last.attachment?.name ?? "adjunto"}`}`;
          return (
            <li key={conversation.id}>
              <Link
                to={linkTo("chat", { id: conversation.id }, folder === "requests" ? { carpeta: "solicitudes" } : undefined)}
                className={classes.item}
                data-active={conversation.id === activeId || undefined}
                aria-current={conversation.id === activeId ? "page" : undefined}
              >
                <Avatar src={conversation.other.avatar} alt="" radius="xl" color="teal">
                  {conversation.other.avatar_text}
                </Avatar>
                <div className={classes.itemText}>
                  <div className={classes.itemLine}>
                    <p className={classes.itemName} data-unread={conversation.unread_count ? true : undefined}>
                      {conversation.other.nombre}
                    </p>
                    {conversation.last_message_at && (
                      <p className={classes.itemTime}>
                        <time dateTime={conversation.last_message_at}>{formatListTime(conversation.last_message_at)}</time>
                      </p>
                    )}
                  </div>
                  <p className={classes.itemSub}>
                    {conversation.other.role_label}
                    {conversation.other.profesional_verificado ? ` · ${VERIFIED_BADGE}` : ""}
                  </p>
                  <div className={classes.itemLine}>
                    <p className={classes.itemPreview} data-unread={conversation.unread_count ? true : undefined}>
                      {conversation.status === "request" && !conversation.incoming_request ? "Solicitud enviada · " : ""}
                      {preview}
                    </p>
                    <div className={classes.itemMarks}>
                      {conversation.muted && (
                        <p className={classes.itemMuted} title="Silenciada">
                          <span aria-hidden="true">🔕</span>
                          <VisuallyHidden>Silenciada</VisuallyHidden>
                        </p>
                      )}
                      {conversation.unread_count > 0 && (
                        <Badge size="sm" color={conversation.muted ? "gray" : "teal"} circle={conversation.unread_count < 10}>
                          <VisuallyHidden>Sin leer: </VisuallyHidden>
                          {conversation.unread_count}
                        </Badge>
                      )}
                    </div>
                  </div>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
      {shown.length === 0 && (
        <Text c="gray.7" size="sm" p="md">
          {query.trim()
            ? "Nadie con ese nombre en tus conversaciones."
            : folder === "requests"
              ? "No tienes solicitudes de mensaje."
              : "Todavía no tienes conversaciones. Puedes escribir a un visitador desde su perfil o desde la ficha de un producto."}
        </Text>
      )}
    </Stack>
  );
}
