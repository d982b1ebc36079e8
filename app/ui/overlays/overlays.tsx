import "@mantine/notifications/styles.layer.css";
import { ModalsProvider } from "@mantine/modals";
import { Notifications, notificationsStore } from "@mantine/notifications";
import { useEffect } from "react";
import { NOTIFICATION_TIMEOUT_MS } from "#common/constants";
import { replayQueuedModalEvents } from "./modal-event-queue";

/**
 * Mantine's dialogs and notifications, loaded after the page (deferred-overlays.tsx). Both are
 * driven from anywhere through `modals.*` (window events) and `notifications.*` (a store), so they
 * need not wrap the page.
 */
/** Calls `callback` when a notification is shown, or at once if one already was. Returns the unsubscribe. */
export function onNotification(callback: () => void): () => void {
  const { notifications, queue } = notificationsStore.getState();
  if (notifications.length + queue.length > 0) callback();
  return notificationsStore.subscribe(callback);
}

export default function Overlays() {
  // Effects run children first: ModalsProvider listens before the queued events are replayed.
  useEffect(replayQueuedModalEvents, []);
  return (
    <>
      <ModalsProvider />
      <Notifications autoClose={NOTIFICATION_TIMEOUT_MS} position="top-right" />
    </>
  );
}
