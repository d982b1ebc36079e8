import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";

export type OutgoingMail = { from: string; to: string; subject: string; html: string; text: string; headers?: Record<string, string> };
export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void };

/** SMTP when SMTP_URL is set; otherwise a dev outbox: one .eml file per message under DATA_DIR/outbox. */
export function createMailTransport(config: { smtpUrl?: string; dataDir: string }): MailTransport {
  if (config.smtpUrl) {
    const transporter = nodemailer.createTransport(config.smtpUrl, {});
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
