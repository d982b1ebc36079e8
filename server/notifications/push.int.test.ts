import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { BrowserClient } from "#tests/support/browser-client";
import { FakeDevice, FakePushService } from "#tests/support/fake-push-service";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { notify } from "./notify";
import { sendPendingPushes } from "./push.service";

let server: TestServer;
let push: FakePushService;

beforeAll(async () => {
  push = await FakePushService.start();
  server = await startTestServer({ PUSH_EXTRA_ORIGINS: push.origin });
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});

/** A signed-in user with one subscribed device whose endpoint is `path` on the fake service. */
async function subscribed(path: string) {
  const user = await createUser(server.ctx.db);
  const client = await new BrowserClient(server).signInAs(user.id);
  const device = new FakeDevice();
  const response = await client.json(
    "/api/notifications/push/subscription",
    { endpoint: `${push.origin}${path}`, keys: device.keys() },
    "PUT",
  );
  expect(response.status).toBe(204);
  return { user, client, device };
}

const notifyNow = (userId: number, text: string) =>
  server.ctx.db.transaction((tx) => notify(server.ctx, tx, { userId, kind: "chat_request", text, link: "/app/chat/7" }));

const devicesOf = async (client: BrowserClient) =>
  ((await (await client.get("/api/notifications/preferences")).json()) as { push_devices: number }).push_devices;

describe("web push", () => {
  it("posts a VAPID-signed, RFC 8291-encrypted push that shows only «Tienes una notificación nueva» by default", async () => {
    const { user, client, device } = await subscribed("/push/private");
    await notifyNow(user.id, "Ana Secreta quiere hablar contigo por el chat.");
    expect(await sendPendingPushes(server.ctx)).toBe(1);
    expect(push.refused).toEqual([]);
    const received = push.received.find((item) => item.path === "/push/private");
    if (!received) throw new Error("no push received");
    const { public_key } = (await (await client.get("/api/notifications/push/key")).json()) as { public_key: string };
    expect(received.vapidKey).toBe(public_key);
    expect(received.claims.sub).toBe("mailto:no-reply@127.0.0.1");
    const payload = JSON.parse(device.decrypt(received.body));
    expect(payload).toEqual({ title: "Farmanexo", body: "Tienes una notificación nueva", url: "/app/chat/7" });
    expect(received.body.includes(Buffer.from("Secreta"))).toBe(false);
    // Sent once: a second pass finds nothing pending.
    expect(await sendPendingPushes(server.ctx)).toBe(0);
  });

  it("shows the text when the user chose it, and waits out the «no molestar» hours", async () => {
    const { user, client, device } = await subscribed("/push/text");
    const hour = Number(
      new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: "Europe/Madrid" }).format(new Date()),
    );
    const settings = { push_shows_text: true, quiet_from: hour, quiet_to: (hour + 1) % 24, time_zone: "Europe/Madrid" };
    expect((await client.json("/api/notifications/preferences", { kinds: [], settings }, "PUT")).status).toBe(200);
    await notifyNow(user.id, "Luis quiere hablar contigo por el chat.");
    await sendPendingPushes(server.ctx);
    expect(push.received.filter((item) => item.path === "/push/text")).toHaveLength(0);
    // Two hours later the quiet hours are over.
    await sendPendingPushes(server.ctx, new Date(Date.now() + 2 * 3600_000));
    const received = push.received.find((item) => item.path === "/push/text");
    if (!received) throw new Error("no push after the quiet hours");
    expect(JSON.parse(device.decrypt(received.body)).body).toBe("Luis quiere hablar contigo por el chat.");
  });

  it("sends no push for a kind whose push channel is off", async () => {
    const { user, client } = await subscribed("/push/off");
    const off = { kind: "chat_request", in_app: true, push: false, email: false };
    expect((await client.json("/api/notifications/preferences", { kinds: [off] }, "PUT")).status).toBe(200);
    await notifyNow(user.id, "No debería sonar");
    await sendPendingPushes(server.ctx);
    expect(push.received.filter((item) => item.path === "/push/off")).toHaveLength(0);
  });

  it("removes a subscription the push service answers 410 for", async () => {
    const { user, client } = await subscribed("/push/gone");
    push.gone.add("/push/gone");
    expect(await devicesOf(client)).toBe(1);
    await notifyNow(user.id, "Para un móvil que ya no existe");
    await sendPendingPushes(server.ctx);
    expect(await devicesOf(client)).toBe(0);
  });

  it("refuses an endpoint that is not a push service's, with a Spanish message", async () => {
    const client = await new BrowserClient(server).signInAs((await createUser(server.ctx.db)).id);
    const keys = new FakeDevice().keys();
    for (const endpoint of ["http://169.254.169.254/latest", "https://example.org/push", "https://fcm.googleapis.com:8443/x"]) {
      const response = await client.json("/api/notifications/push/subscription", { endpoint, keys }, "PUT");
      expect(response.status).toBe(422);
      expect(JSON.stringify(await response.json())).toContain("Este servicio de notificaciones push no está admitido.");
    }
    const accepted = await client.json(
      "/api/notifications/push/subscription",
      { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys },
      "PUT",
    );
    expect(accepted.status).toBe(204);
  });
});
