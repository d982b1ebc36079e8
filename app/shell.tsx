import { lazy, type ReactNode, Suspense } from "react";
import { FeedbackButton } from "#app/features/feedback/feedback-button";
import { useFocusFirstInvalidAfterSubmit } from "#app/lib/focus-after-submit";
import { useSession } from "#app/lib/session-store";
import { AppLayout } from "#app/ui/layout/app-layout";

// The live unread count opens the chat connection: only signed-in users load it (decision 0041).
// The bell too: visitors' pages (the public landing pages' budget) never download it.
const NotificationBell = lazy(() => import("#app/features/notifications/bell").then((m) => ({ default: m.NotificationBell })));
const UnreadBadge = lazy(() => import("#app/features/chat/unread-badge").then((m) => ({ default: m.UnreadBadge })));

/**
 * The page shell with the parts that belong to an area (chat's unread count, feedback's button):
 * app/ui imports no area (decision 0062), so the root wires them in here.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  const { authUser } = useSession();
  useFocusFirstInvalidAfterSubmit();
  const unreadBadge = authUser ? (
    <Suspense fallback={null}>
      <UnreadBadge userId={authUser.id} initial={authUser.chat_unread ?? 0} />
    </Suspense>
  ) : undefined;
  return (
    <AppLayout
      unreadBadge={unreadBadge}
      bell={
        authUser ? (
          <Suspense fallback={null}>
            <NotificationBell initial={authUser.notifications ?? 0} />
          </Suspense>
        ) : undefined
      }
      footerAction={<FeedbackButton />}
    >
      {children}
    </AppLayout>
  );
}
