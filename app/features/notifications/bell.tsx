import { useEffect, useState } from "react";
import { NavLink } from "react-router";
import { onLiveFrame } from "#app/lib/live-events";
import { NOTIFICATIONS_COUNT_EVENT } from "#common/notifications/kinds";
import { linkTo } from "#common/route-names";
import classes from "./bell.module.css";

/**
 * The header's bell: unread notifications (authUser.notifications), kept live by the count events
 * the tab's WebSocket receives; it leads to the list.
 */
export function NotificationBell({ initial }: { initial: number }) {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(
    () =>
      onLiveFrame(NOTIFICATIONS_COUNT_EVENT, (frame) => {
        if (typeof frame.unread === "number") setCount(frame.unread);
      }),
    [],
  );
  const label = count > 0 ? `Notificaciones: ${count} sin leer` : "Notificaciones";
  return (
    <NavLink to={linkTo("notificaciones")} end className={classes.bell} aria-label={label} title={label} data-testid="notification-bell">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0"
        />
      </svg>
      {count > 0 && (
        <span className={classes.count} data-testid="notification-count" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </NavLink>
  );
}
