import { useEffect, useState } from "react";
import { type ChatClient, type ConnectionStatus, chatClientFor } from "./chat-client";

/** The tab's chat connection (null during the server render and for visitors). */
export function useChatClient(userId: number | null | undefined): ChatClient | null {
  const [client, setClient] = useState<ChatClient | null>(null);
  useEffect(() => {
    setClient(userId ? chatClientFor(userId) : null);
  }, [userId]);
  return client;
}

export function useConnectionStatus(client: ChatClient | null): ConnectionStatus {
  const [status, setStatus] = useState<ConnectionStatus>(client?.status ?? "connecting");
  useEffect(() => {
    if (!client) return;
    setStatus(client.status);
    return client.onStatus(setStatus);
  }, [client]);
  return status;
}
