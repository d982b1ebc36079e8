import { Badge } from "@mantine/core";
import { useEffect, useState } from "react";
import { stopChatClient } from "./chat-client";
import { useChatClient } from "./use-chat-client";

/**
 * The header's unread chat count (authUser.chat_unread), kept live by the chat connection, which this
 * opens for every signed-in page so messages are marked delivered wherever the user is.
 */
export function UnreadBadge({ userId, initial }: { userId: number | null; initial: number }) {
  const client = useChatClient(userId);
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  // The layout shows the badge to signed-in users only: signing out unmounts it and closes the connection.
  useEffect(() => {
    if (!userId) stopChatClient();
    return () => stopChatClient();
  }, [userId]);
  useEffect(() => {
    if (!client) return;
    return client.onEvent((event) => {
      if (typeof event.unread_total === "number") setCount(event.unread_total);
    });
  }, [client]);
  if (!userId || count <= 0) return null;
  return (
    <Badge size="sm" circle={count < 10} color="red" ml={6} data-testid="chat-unread" aria-label={`${count} mensajes sin leer`}>
      {count > 99 ? "99+" : count}
    </Badge>
  );
}
