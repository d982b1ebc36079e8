import { Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import classes from "#app/features/chat/chat.module.css";
import { ConversationList } from "#app/features/chat/conversation-list";
import { ConversationPane } from "#app/features/chat/conversation-pane";
import { applyToList, type ConversationSummary } from "#app/features/chat/state";
import { useChatClient } from "#app/features/chat/use-chat-client";
import type { Route } from "./+types/chat";
import { chatAction, loadChatPage } from "./chat.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadChatPage(context, request, params.id);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return chatAction(context, request, params.id);
}

/** Personal: never cached, never indexed. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  const who = data?.conversation?.other.nombre ?? data?.newWith?.nombre;
  return [{ title: `${who ? `${who} · ` : ""}Chat · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

export default function ChatPage({ loaderData }: Route.ComponentProps) {
  const { me, lastSeq, folder, conversation, history, newWith, settings } = loaderData;
  const client = useChatClient(me);
  const revalidator = useRevalidator();
  const [list, setList] = useState<ConversationSummary[]>(loaderData.list.data);
  useEffect(() => setList(loaderData.list.data), [loaderData.list.data]);
  useEffect(() => client?.setBaseline(lastSeq), [client, lastSeq]);

  useEffect(() => {
    if (!client) return;
    return client.onEvent((event) => {
      setList((current) => {
        // A conversation the list does not have yet (a new request, an accepted one): reload the list.
        if (!current.some((c) => c.id === event.conversation_id) && (event.kind === "message" || event.kind === "conversation")) {
          queueMicrotask(() => revalidator.revalidate());
          return current;
        }
        return applyToList(current, event, me);
      });
    });
  }, [client, me, revalidator]);

  const activeId = conversation?.id ?? null;
  const open = Boolean(conversation || newWith);
  return (
    <div className={classes.shell} data-open={open || undefined}>
      <section className={classes.listPane} aria-label="Conversaciones">
        <ConversationList
          // A request accepted or declined meanwhile (another tab, the socket) leaves the requests at once.
          list={folder === "requests" ? list.filter((c) => c.status === "request") : list}
          folder={folder}
          requestsCount={loaderData.list.requests_count}
          activeId={activeId}
          me={me}
          settings={settings}
        />
      </section>
      <section className={classes.conversationPane} aria-label="Conversación">
        {open ? (
          <ConversationPane
            key={activeId ?? `to-${newWith?.id}`}
            me={me}
            client={client}
            initial={conversation}
            history={history}
            newWith={newWith}
            readReceipts={settings.read_receipts}
          />
        ) : (
          <Text c="gray.7" m="auto" p="xl" ta="center">
            Elige una conversación para leerla.
          </Text>
        )}
      </section>
    </div>
  );
}
