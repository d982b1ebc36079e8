// The service worker of web push (issue 31): shows what the server sent and opens its page on a tap.
// The payload holds only what the user let the lock screen show (a generic line unless they chose the text).
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" ? data.title : "Farmanexo";
  const body = typeof data.body === "string" ? data.body : "Tienes una notificación nueva";
  const url = typeof data.url === "string" && data.url.startsWith("/app/") ? data.url : "/app/notificaciones";
  event.waitUntil(self.registration.showNotification(title, { body, icon: "/favicon.svg", badge: "/favicon.svg", data: { url } }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/app/notificaciones", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === url && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
