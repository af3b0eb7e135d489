import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import MailComposer from "nodemailer/lib/mail-composer";
import type { Database } from "../db/database.ts";
import type { Jobs } from "./jobs.ts";
import { parseSmtpUrl, SmtpSession, type SmtpTarget } from "./smtp-client.ts";

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
 * What `deliver` did: sent it now; skipped it (already sent, or another attempt holds it); or found
 * it `uncertain`: an earlier attempt died after recording "committing" and before recording
 * "sent", so it may or may not have reached the server, and it is not sent again (reported in
 * sent_emails.state and in the job's output; docs/decisions/004-exactly-once-email.md).
 */
export interface DeliveryResult {
  skipped: boolean;
  uncertain?: boolean;
}

/** The points of a delivery, in order (observed through `onStep`, e.g. by the crash test). */
export type DeliveryStep = "before-claim" | "claimed" | "committing" | "terminated" | "sent";

const FROM = "Starboard <no-reply@starboard.local>";

/**
 * Sends e-mail over SMTP when SMTP_URL is set; otherwise writes each message as an .eml file
 * under DATA_DIR/outbox. Delivery runs in the `email.send` job, once per idempotency key across
 * crashes: the send is claimed in `sent_emails` first (state `claimed`, with this attempt's claim
 * id), the SMTP conversation stops before the DATA terminator until the claim is recorded as
 * `committing` (only by the attempt that still holds it), and the server's 250 is recorded as
 * `sent`. A crash before "committing" delivered nothing: the retry takes the claim over and sends
 * once. A crash between "committing" and "sent" (one SMTP round trip and one database write) leaves
 * the message `uncertain`, reported and never sent twice.
 */
export class Mailer {
  private readonly target: SmtpTarget | null;
  constructor(
    private readonly database: Database,
    private readonly opts: {
      smtpUrl?: string | undefined;
      outboxDir: string;
      from?: string;
      /** Observes each step of a delivery (fault injection in the crash test; no effect otherwise). */
      onStep?: (step: DeliveryStep, message: MailMessage) => void | Promise<void>;
    },
  ) {
    this.target = opts.smtpUrl ? parseSmtpUrl(opts.smtpUrl) : null;
  }

  async deliver(message: MailMessage): Promise<DeliveryResult> {
    const db = this.database.db;
    const key = message.idempotencyKey;
    await this.opts.onStep?.("before-claim", message);
    const claimId = await this.claim(message);
    if (!claimId) return this.settled(key);
    await this.opts.onStep?.("claimed", message);

    const raw = await this.compose(message);
    const messageId = messageIdFor(key);
    /** claimed → committing, only while this attempt still holds the claim (another may have taken it over). */
    const commit = async () => {
      const moved = await db
        .updateTable("sent_emails")
        .set({ state: "committing", committing_at: new Date() })
        .where("idempotency_key", "=", key)
        .where("claim_id", "=", claimId)
        .where("state", "=", "claimed")
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new ClaimLost(key);
      await this.opts.onStep?.("committing", message);
    };
    let response: string;
    try {
      response = this.target ? await this.sendSmtp(message, raw, commit) : await this.writeOutbox(message, raw, commit);
    } catch (error) {
      if (error instanceof ClaimLost) return { skipped: true };
      if (error instanceof Refused) {
        // The server answered the terminator with a refusal: not delivered, the claim goes back for the retry.
        await db
          .updateTable("sent_emails")
          .set({ state: "claimed", committing_at: null })
          .where("idempotency_key", "=", key)
          .where("claim_id", "=", claimId)
          .where("state", "=", "committing")
          .execute();
        throw error.cause;
      }
      // Before "committing" the row is still `claimed` and the retry takes it over; cut off after the
      // terminator without an answer, it stays `committing` and the retry reports it uncertain.
      throw error;
    }
    await db
      .updateTable("sent_emails")
      .set({ state: "sent", sent_at: new Date(), message_id: messageId, smtp_response: response })
      .where("idempotency_key", "=", key)
      .where("claim_id", "=", claimId)
      .where("state", "in", ["committing", "uncertain"])
      .execute();
    await this.opts.onStep?.("sent", message);
    return { skipped: false };
  }

  /**
   * Claims the send: a new row, or a row still `claimed` by an attempt that never reached
   * "committing" (it died, or it is running and will find its claim gone). Answers the claim id,
   * or null when the message is past claiming (committing, sent, uncertain).
   */
  private async claim(message: MailMessage): Promise<string | null> {
    const claimId = randomUUID();
    const { rows } = await sql<{ claim_id: string }>`
      INSERT INTO sent_emails (idempotency_key, to_address, subject, state, claim_id, claimed_at)
      VALUES (${message.idempotencyKey}, ${message.to}, ${message.subject}, 'claimed', ${claimId}, now())
      ON CONFLICT (idempotency_key) DO UPDATE
        SET claim_id = EXCLUDED.claim_id, claimed_at = now(), attempts = sent_emails.attempts + 1
        WHERE sent_emails.state = 'claimed'
      RETURNING claim_id`.execute(this.database.db);
    return rows[0]?.claim_id === claimId ? claimId : null;
  }

  /** A message past claiming: sent (skip), or left between "committing" and "sent" by a dead attempt (uncertain). */
  private async settled(key: string): Promise<DeliveryResult> {
    const { rows } = await sql<{ state: string }>`
      UPDATE sent_emails SET state = CASE WHEN state = 'committing' THEN 'uncertain' ELSE state END
      WHERE idempotency_key = ${key} RETURNING state`.execute(this.database.db);
    const state = rows[0]?.state;
    return state === "uncertain" ? { skipped: true, uncertain: true } : { skipped: true };
  }

  private async compose(message: MailMessage): Promise<Buffer> {
    const node = new MailComposer({
      from: this.opts.from ?? FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
      ...(message.attachments ? { attachments: message.attachments } : {}),
      messageId: messageIdFor(message.idempotencyKey),
    }).compile();
    return new Promise((resolve, reject) => node.build((err, raw) => (err ? reject(err) : resolve(raw))));
  }

  private async sendSmtp(message: MailMessage, raw: Buffer, commit: () => Promise<void>): Promise<string> {
    const session = await SmtpSession.open(this.target as SmtpTarget);
    let terminated = false;
    try {
      const reply = await session
        .send({ from: addressOf(this.opts.from ?? FROM), to: [message.to] }, raw, {
          beforeCommit: commit,
          afterTerminator: async () => {
            terminated = true;
            await this.opts.onStep?.("terminated", message);
          },
        })
        .catch((error: unknown) => {
          // A reply the server gave after the terminator is an answer: a refusal means not delivered.
          if (terminated && error instanceof Error && "reply" in error && error.reply) throw new Refused(error);
          throw error;
        });
      await session.quit();
      return `${reply.code} ${reply.text}`;
    } catch (error) {
      session.destroy();
      throw error;
    }
  }

  /** The outbox: the file appears whole (renamed into place) once the claim is committing. */
  private async writeOutbox(message: MailMessage, raw: Buffer, commit: () => Promise<void>): Promise<string> {
    fs.mkdirSync(this.opts.outboxDir, { recursive: true });
    const safe = message.idempotencyKey.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 80);
    const file = path.join(this.opts.outboxDir, `${Date.now()}-${safe}.eml`);
    const partial = `${file}.part`;
    fs.writeFileSync(partial, raw.toString().replace(/\r\n/g, "\n"));
    try {
      await commit();
    } catch (error) {
      fs.rmSync(partial, { force: true });
      throw error;
    }
    fs.renameSync(partial, file);
    await this.opts.onStep?.("terminated", message);
    return `outbox ${path.basename(file)}`;
  }
}

class ClaimLost extends Error {
  constructor(key: string) {
    super(`Another attempt took over the send of ${key}`);
  }
}

/** The server refused the message at the terminator: not delivered, the claim can be retried. */
class Refused extends Error {
  constructor(override readonly cause: Error) {
    super(cause.message);
  }
}

function messageIdFor(key: string) {
  return `<${createHash("sha256").update(key).digest("hex").slice(0, 32)}@starboard.local>`;
}

function addressOf(from: string) {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/** The `email.send` job: every feature sends e-mail by enqueueing it (see `Mailer.deliver` for the once-only rule). */
export function defineMailJob(jobs: Jobs, mailer: Mailer) {
  jobs.define<MailMessage>({
    name: "email.send",
    // A worker that dies mid-send is noticed within a minute (not at the 15-minute expiry): the retry
    // finds the claim (docs/decisions/004-exactly-once-email.md).
    options: { heartbeatSeconds: 30 },
    handler: (data) => mailer.deliver(data),
  });
}
