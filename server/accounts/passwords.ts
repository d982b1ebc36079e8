import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id minimum (19 MiB, 2 iterations, 1 lane): about 10–20 ms a hash here.
const OPTIONS = {
  algorithm: 2 /* Argon2id; the enum is an ambient const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-but-same-cost");
  return dummyHash;
}
