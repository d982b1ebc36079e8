import { createHash, randomBytes } from "node:crypto";

/** A random, URL-safe secret (256 bits by default). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

/** What is stored for a secret: its SHA-256, hex. A database leak reveals no usable token. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
