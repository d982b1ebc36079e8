import { expect } from "@playwright/test";
import type { CaughtMail } from "#tests/support/mail-catcher";
import { E2E_MAIL_API_PORT } from "./ports";

const API = `http://127.0.0.1:${E2E_MAIL_API_PORT}/messages`;

/** Every e-mail the SMTP catcher received for an address (oldest first). */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${API}?to=${encodeURIComponent(address.toLowerCase())}`);
  return (await response.json()) as CaughtMail[];
}

/** Waits for the newest e-mail to an address whose subject matches, and returns it. */
export async function waitForMail(address: string, subject: RegExp = /./, after = 0): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailsTo(address)).slice(after).filter((mail) => subject.test(mail.subject));
        found = mails.at(-1);
        return Boolean(found);
      },
      { message: `an e-mail to ${address} matching ${subject}`, timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found as CaughtMail;
}

/** The first link in an e-mail whose path starts with the given prefix (e.g. /app/register/verification). */
export function linkIn(mail: CaughtMail, pathPrefix: string): string {
  const links = [...`${mail.html} ${mail.text}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0].replace(/&amp;/g, "&"));
  const link = links.find((href) => new URL(href).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in "${mail.subject}": ${links.join(", ")}`);
  return link;
}
