import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A push service on loopback that checks what a browser's push service and the browser would:
// the VAPID JWT (RFC 8292) and the aes128gcm payload (RFC 8291), decrypted with the device's keys.

const b64url = (buffer: Buffer) => buffer.toString("base64url");
const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** One browser's push keys (what PushSubscription.toJSON().keys carries). */
export class FakeDevice {
  private readonly ecdh = createECDH("prime256v1");
  readonly auth = randomBytes(16);
  readonly publicKey: Buffer;
  constructor() {
    this.publicKey = this.ecdh.generateKeys();
  }
  keys() {
    return { p256dh: b64url(this.publicKey), auth: b64url(this.auth) };
  }
  /** RFC 8291 §3-4 and RFC 8188: one record, decrypted as the browser does. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    const ecdhSecret = this.ecdh.computeSecret(serverKey);
    const prkKey = hmac(this.auth, ecdhSecret);
    const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), this.publicKey, serverKey, Buffer.from([1])]);
    const ikm = hmac(prkKey, keyInfo);
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
    const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
    const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error("not a last record (delimiter 2 missing)");
    return padded.subarray(0, end).toString("utf8");
  }
}

export type ReceivedPush = {
  path: string;
  vapidKey: string;
  claims: Record<string, unknown>;
  body: Buffer;
  headers: Record<string, unknown>;
};

/** Verifies `Authorization: vapid t=<jwt>, k=<key>`: ES256 over the key given, audience = this origin. */
function checkVapid(header: string | undefined, origin: string): { vapidKey: string; claims: Record<string, unknown> } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token = "", vapidKey = ""] = match;
  const [head = "", payload = "", signature = ""] = token.split(".");
  const key = Buffer.from(vapidKey, "base64url");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(key.subarray(1, 33)), y: b64url(key.subarray(33, 65)) },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("bad VAPID signature");
  if (JSON.parse(Buffer.from(head, "base64url").toString()).alg !== "ES256") throw new Error("not ES256");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
  if (claims.aud !== origin) throw new Error(`wrong audience ${claims.aud}`);
  const exp = Number(claims.exp);
  if (!(exp > Date.now() / 1000 && exp <= Date.now() / 1000 + 24 * 3600)) throw new Error("bad expiry");
  return { vapidKey, claims };
}

export class FakePushService {
  readonly received: ReceivedPush[] = [];
  readonly refused: string[] = [];
  /** Paths answered 410 Gone (an unsubscribed browser). */
  readonly gone = new Set<string>();
  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<FakePushService> {
    let service: FakePushService | undefined;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const target = service as FakePushService;
        const path = request.url ?? "/";
        if (target.gone.has(path)) {
          response.writeHead(410).end();
          return;
        }
        try {
          if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
          const { vapidKey, claims } = checkVapid(request.headers.authorization, target.origin);
          target.received.push({ path, vapidKey, claims, body: Buffer.concat(chunks), headers: request.headers });
          response.writeHead(201).end();
        } catch (error) {
          target.refused.push(String(error));
          response.writeHead(403).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    service = new FakePushService(server, `http://127.0.0.1:${port}`);
    return service;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
