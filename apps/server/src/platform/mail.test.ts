import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import type { MailMessage } from "./mail.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free loopback port, keeping what it receives. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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
