import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "#server/platform/logger";
import { withoutAddresses } from "./redact";

export type OutgoingMail = { from: string; to: string; subject: string; html: string; text: string; headers?: Record<string, string> };
export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void };

/** SMTP when SMTP_URL is set; otherwise a dev outbox: one .eml file per message under DATA_DIR/outbox. */
export function createMailTransport(config: { smtpUrl?: string; dataDir: string }, logger?: Logger): MailTransport {
  if (config.smtpUrl) {
    const transporter = nodemailer.createTransport(config.smtpUrl, {});
    // The transporter re-emits its transport's "error" events (a pooled connection dropped while
    // idle, SMTP_URL's ?pool=true; an OAuth2 token refresh): unheard, one would end the process.
    // A send's own failure rejects sendMail and is logged by the outbox, so this logs only these.
    transporter.on("error", (error) =>
      logger?.warn({ err: { message: withoutAddresses(error.message), code: error.code } }, "mail transport error"),
    );
    return {
      async send(mail) {
        await transporter.sendMail(mail);
      },
      close: () => transporter.close(),
    };
  }
  const outbox = path.join(config.dataDir, "outbox");
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail);
      fs.mkdirSync(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.to.replace(/[^a-z0-9@._-]/gi, "_")}.eml`;
      fs.writeFileSync(path.join(outbox, name), info.message as Buffer);
    },
    close: () => {},
  };
}
