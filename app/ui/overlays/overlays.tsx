import "@mantine/notifications/styles.layer.css";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { NOTIFICATION_TIMEOUT_MS } from "#common/constants";
import { replayQueuedModalEvents } from "./modal-event-queue";

/**
 * Mantine's dialogs and notifications, loaded after the page (deferred-overlays.tsx). Both are
 * driven from anywhere through `modals.*` (window events) and `notifications.*` (a store), so they
 * need not wrap the page.
 */
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
