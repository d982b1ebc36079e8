import type { BrowserClient } from "#tests/support/browser-client";

// Builders for the notifications tests: what a signed-in user reads from the API.

export type NotificationJson = { id: number; kind: string; text: string; link: string | null; read: boolean };
export type NotificationPageJson = { items: NotificationJson[]; next_before: number | null; unread: number };

export async function notificationsOf(client: BrowserClient, before?: number): Promise<NotificationPageJson> {
  const response = await client.get(`/api/notifications${before ? `?before=${before}` : ""}`);
  if (response.status !== 200) throw new Error(`notifications: ${response.status} ${await response.text()}`);
  return (await response.json()) as NotificationPageJson;
}

/** The bell's count as the page shell reads it (authUser.notifications). */
export async function bellOf(client: BrowserClient): Promise<number> {
  return ((await (await client.get("/api/user")).json()) as { notifications: number }).notifications;
}

export async function setChannels(client: BrowserClient, kind: string, channels: { in_app: boolean; push: boolean; email: boolean }) {
  const response = await client.json("/api/notifications/preferences", { kinds: [{ kind, ...channels }] }, "PUT");
  if (response.status !== 200) throw new Error(`preferences: ${response.status} ${await response.text()}`);
}
