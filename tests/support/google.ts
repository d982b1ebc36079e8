import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

/**
 * A stand-in for Google's signing keys: an RS256 key pair whose public half is served as a JWKS
 * from loopback, and a signer for ID tokens. Point GOOGLE_CERTS_URL at `certsUrl`.
 */
export type FakeGoogle = {
  certsUrl: string;
  clientId: string;
  /** Signs an ID token; claims override the defaults (a verified e-mail, our audience, 1 h). */
  idToken(claims?: Partial<GoogleIdClaims>, options?: { expiresIn?: string | number; key?: "good" | "other" }): Promise<string>;
  close(): Promise<void>;
};

export type GoogleIdClaims = JWTPayload & { email: string; email_verified: boolean; given_name?: string; family_name?: string };

export async function startFakeGoogle(clientId = "farmanexo-test.apps.googleusercontent.com"): Promise<FakeGoogle> {
  const good = await generateKeyPair("RS256", { extractable: true });
  const other = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(good.publicKey)), kid: "test-key-1", alg: "RS256", use: "sig" };
  const server: Server = createServer((_req, res) => {
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  let sequence = 0;
  return {
    certsUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId,
    async idToken(claims = {}, options = {}) {
      sequence++;
      const { iss, aud, sub, ...rest } = claims;
      return new SignJWT({ email: `google-${sequence}@gmail.com`, email_verified: true, ...rest })
        .setProtectedHeader({ alg: "RS256", kid: "test-key-1", typ: "JWT" })
        .setIssuer((iss as string) ?? "https://accounts.google.com")
        .setAudience((aud as string) ?? clientId)
        .setSubject(sub ?? `1000${Date.now()}${sequence}`)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? "1h")
        .sign(options.key === "other" ? other.privateKey : good.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
