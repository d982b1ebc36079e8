// The browser's side of web push: the service worker (/app/push-sw.js) and the Push API.

const WORKER_URL = "/app/push-sw.js";

function supported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The VAPID public key (base64url) as the applicationServerKey bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushDeviceState(): Promise<"unsupported" | "denied" | "off" | "on"> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  return (await currentSubscription()) ? "on" : "off";
}

/** Asks for permission, subscribes with the server's key and hands the subscription to `save`. */
export async function subscribeThisDevice(publicKey: string, save: (subscription: PushSubscriptionJSON) => Promise<unknown>) {
  if (!supported()) return "unsupported" as const;
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? ("denied" as const) : ("off" as const);
  const registration = await navigator.serviceWorker.register(WORKER_URL, { scope: "/app/" });
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await save(subscription.toJSON());
  return "on" as const;
}

export async function unsubscribeThisDevice(forget: (endpoint: string) => Promise<unknown>) {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await forget(subscription.endpoint).catch(() => {});
  await subscription.unsubscribe();
}
