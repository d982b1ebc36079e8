import { and, desc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { mailOutbox, professionalVerifications } from "#server/db/schema";
import { BrowserClient } from "#tests/support/browser-client";
import type { TestServer } from "#tests/support/test-server";

/** Test helpers for the accounts integration tests (imported only by *.int.test.ts). */

const MADRID_ID = 412;

export async function mailsTo(server: TestServer, to: string, kind?: string) {
  return server.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to.toLowerCase()), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(desc(mailOutbox.id));
}

/** The value of a query parameter in the first link of an e-mail's text that has it. */
export function linkParam(text: string, param: string): string {
  for (const match of text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    const value = url.searchParams.get(param);
    if (value) return value;
  }
  throw new Error(`no link with ${param} in: ${text}`);
}

let counter = 0;
export const uniqueEmail = (prefix = "user") => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

export const GOOD_PASSWORD = "Segura-1234";

/** Registers through the API and returns the verification token from the e-mail. */
export async function registerAndGetToken(
  server: TestServer,
  input: { email?: string; register_type?: string; redirect_url?: string } = {},
) {
  const email = input.email ?? uniqueEmail(input.register_type ?? "web");
  const client = new BrowserClient(server);
  const response = await client.json("/api/register", {
    email,
    password: GOOD_PASSWORD,
    password_confirmation: GOOD_PASSWORD,
    redirect_url: input.redirect_url,
    register_type: input.register_type ?? "web",
    pais_id: 28,
    publicidad: false,
    acepta_condiciones: true,
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const [mail] = await mailsTo(server, email, "verify_email");
  if (!mail) throw new Error("no verification e-mail");
  return { email, token: linkParam(mail.text, "token"), mail };
}

/** Makes a user a verified healthcare professional (an approved request, valid for a year unless told). */
export async function verifyProfessional(db: Db, userId: number, validUntil = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000)) {
  await db.insert(professionalVerifications).values({
    userId,
    profession: "medico",
    collegiateNumber: `28${userId}`,
    estadoId: MADRID_ID,
    status: "aprobada",
    decidedAt: new Date(),
    validUntil,
  });
}
