import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../db/database.ts";
import type { Jobs } from "./jobs.ts";

export interface MailMessage {
  /** Same key, same message: sent at most once even when a job repeats. */
  idempotencyKey: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
  /** Files attached by path (kept small: the caller decides the size limit). */
  attachments?: { filename: string; path: string; contentType?: string }[];
}

/**
 * Sends e-mail over SMTP when SMTP_URL is set; otherwise writes each message as
 * an .eml file under DATA_DIR/outbox. Delivery runs in the `email.send` job.
 */
export class Mailer {
  private readonly transport: Transporter;
  constructor(
    private readonly database: Database,
    private readonly opts: { smtpUrl?: string | undefined; outboxDir: string; from?: string },
  ) {
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  }

  async deliver(message: MailMessage): Promise<{ skipped: boolean }> {
    const already = await this.database.db
      .selectFrom("sent_emails")
      .select("idempotency_key")
      .where("idempotency_key", "=", message.idempotencyKey)
      .executeTakeFirst();
    if (already) return { skipped: true };
    const info = await this.transport.sendMail({
      from: this.opts.from ?? "Starboard <no-reply@starboard.local>",
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
      headers: message.headers,
      attachments: message.attachments,
    });
    if (!this.opts.smtpUrl) {
      fs.mkdirSync(this.opts.outboxDir, { recursive: true });
      const safe = message.idempotencyKey.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 80);
      const file = path.join(this.opts.outboxDir, `${Date.now()}-${safe}.eml`);
      fs.writeFileSync(file, (info as { message: Buffer }).message);
    }
    await this.database.db
      .insertInto("sent_emails")
      .values({
        idempotency_key: message.idempotencyKey,
        to_address: message.to,
        subject: message.subject,
        message_id: info.messageId ?? null,
      })
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .execute();
    return { skipped: false };
  }
}

/** The `email.send` job: every feature sends e-mail by enqueueing it (see `Mailer.deliver` for the once-only rule). */
export function defineMailJob(jobs: Jobs, mailer: Mailer) {
  jobs.define<MailMessage>({
    name: "email.send",
    handler: async (data) => {
      await mailer.deliver(data);
    },
  });
}
