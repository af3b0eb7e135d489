import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { startSmtp } from "../test/smtp.ts";
import type { MailMessage } from "./mail.ts";

function message(overrides: Partial<MailMessage> = {}): MailMessage {
  const key = randomUUID();
  return {
    idempotencyKey: `test:${key}`,
    to: `person-${key.slice(0, 8)}@example.test`,
    subject: `Your weekly report ${key.slice(0, 8)}`,
    text: "Forty-two new reviews this week.",
    ...overrides,
  };
}

/** Sends through the app's own `email.send` job and waits for the job to finish. */
async function sendByJob(t: TestApp, m: MailMessage) {
  const id = await t.ctx.jobs.send("email.send", m);
  expect(id).toBeTruthy();
  return t.ctx.jobs.waitFor("email.send", id!, { timeoutMs: 30_000 });
}

describe("e-mail over SMTP (SMTP_URL set)", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("delivers the message with its recipient, subject and body", async () => {
    const m = message();
    expect((await sendByJob(t, m)).state).toBe("completed");
    const got = smtp.received.filter((r) => r.to.includes(m.to));
    expect(got).toHaveLength(1);
    expect(got[0]!.raw).toMatch(new RegExp(`^To: ${m.to}$`, "m"));
    expect(got[0]!.raw).toMatch(new RegExp(`^Subject: ${m.subject}$`, "m"));
    expect(got[0]!.raw).toContain(m.text);
    expect(fs.existsSync(path.join(t.ctx.config.dataDir, "outbox"))).toBe(false);
  });

  it("sends once for one idempotency key, even when the job runs twice", async () => {
    const m = message();
    const [first, second] = await Promise.all([sendByJob(t, m), sendByJob(t, m)]);
    expect([first.state, second.state]).toEqual(["completed", "completed"]);
    expect((await sendByJob(t, m)).state).toBe("completed");
    expect(smtp.received.filter((r) => r.to.includes(m.to))).toHaveLength(1);
    const rows = await t.ctx.database.db
      .selectFrom("sent_emails")
      .selectAll()
      .where("idempotency_key", "=", m.idempotencyKey)
      .execute();
    expect(rows).toEqual([expect.objectContaining({ to_address: m.to, subject: m.subject })]);
  });
});

describe("the send's claim (SMTP_URL set)", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const row = (key: string) =>
    t.ctx.database.db
      .selectFrom("sent_emails")
      .selectAll()
      .where("idempotency_key", "=", key)
      .executeTakeFirstOrThrow();

  it("records the send as sent with the server's answer; keeps Reply-To, headers and lines that start with a dot", async () => {
    const m = message({
      text: "First line\n.hidden line\n..two dots\n",
      replyTo: "help@example.test",
      headers: { "List-Unsubscribe": "<https://example.test/u>" },
    });
    expect((await sendByJob(t, m)).state).toBe("completed");
    const [got] = smtp.received.filter((r) => r.to.includes(m.to));
    expect(got!.raw).toMatch(/^Reply-To: help@example.test\r$/m);
    expect(got!.raw).toMatch(/^List-Unsubscribe: <https:\/\/example.test\/u>\r$/m);
    expect(got!.raw).toContain("\r\n.hidden line\r\n..two dots");
    const sent = await row(m.idempotencyKey);
    expect(sent).toMatchObject({ state: "sent", attempts: 1, smtp_response: expect.stringMatching(/^250 /) });
    // The window a crash cannot resolve (docs/decisions/004): from "committing" to "sent", one SMTP
    // round trip and one database write; 10-20 ms on loopback here.
    const window = sent.sent_at!.getTime() - sent.committing_at!.getTime();
    expect(window).toBeGreaterThanOrEqual(0);
    expect(window).toBeLessThan(1000);
  });

  it("takes over a claim an attempt left before committing (nothing was delivered) and sends once", async () => {
    const m = message();
    await t.ctx.database.db
      .insertInto("sent_emails")
      .values({
        idempotency_key: m.idempotencyKey,
        to_address: m.to,
        subject: m.subject,
        state: "claimed",
        claim_id: randomUUID(),
      })
      .execute();
    expect((await sendByJob(t, m)).state).toBe("completed");
    expect(smtp.received.filter((r) => r.to.includes(m.to))).toHaveLength(1);
    expect(await row(m.idempotencyKey)).toMatchObject({ state: "sent", attempts: 2 });
  });

  it("reports a send an attempt left between committing and sent as uncertain, and does not send it again", async () => {
    const m = message();
    await t.ctx.database.db
      .insertInto("sent_emails")
      .values({
        idempotency_key: m.idempotencyKey,
        to_address: m.to,
        subject: m.subject,
        state: "committing",
        claim_id: randomUUID(),
        committing_at: new Date(),
      })
      .execute();
    const done = await sendByJob(t, m);
    expect(done).toEqual({ state: "completed", output: { skipped: true, uncertain: true } });
    expect(smtp.received.filter((r) => r.to.includes(m.to))).toHaveLength(0);
    expect((await row(m.idempotencyKey)).state).toBe("uncertain");
  });
});

describe("e-mail without SMTP_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SMTP_URL: "" } });
  });
  afterAll(async () => t?.close());

  it("writes each message as an .eml file under DATA_DIR/outbox", async () => {
    const m = message();
    expect((await sendByJob(t, m)).state).toBe("completed");
    expect((await sendByJob(t, m)).state).toBe("completed");
    const outbox = path.join(t.ctx.config.dataDir, "outbox");
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(outbox, files[0]!), "utf8");
    expect(eml).toMatch(new RegExp(`^To: ${m.to}$`, "m"));
    expect(eml).toMatch(new RegExp(`^Subject: ${m.subject}$`, "m"));
    expect(eml).toContain(m.text);
  });
});
