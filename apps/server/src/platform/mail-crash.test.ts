import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { startSmtp } from "../test/smtp.ts";
import type { DeliveryStep, MailMessage } from "./mail.ts";

// E-mail across crashes: a worker process (mail-crash-child.ts, spawned with tsx) delivers through
// the `email.send` job to a real local SMTP server and is SIGKILLed at a chosen step of each
// message, then started again, until every job has finished. The database (this test app's) and
// the SMTP server outlive the worker, as they outlive a real server's crash.

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "mail-crash-child.ts");
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let child: ChildProcess | null = null;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ workers: false, env: { SMTP_URL: smtp.url } });
  // A killed worker's job is retried once its heartbeat is 10 s stale (the least pg-boss allows), at once.
  await t.ctx.jobs.boss.updateQueue("email.send", { heartbeatSeconds: 10, retryDelay: 1, retryBackoff: false });
});
afterAll(async () => {
  if (child?.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await t?.close();
  await smtp?.close();
});

function startWorker(plan: Record<string, DeliveryStep>, marks: string) {
  const proc = spawn(process.execPath, ["--import", "tsx", CHILD], {
    env: {
      ...process.env,
      DATABASE_URL: t.ctx.database.connectionString,
      SMTP_URL: smtp.url,
      CRASH_PLAN: JSON.stringify(plan),
      CRASH_MARKS: marks,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  child = proc;
  return new Promise<NodeJS.Signals | number | null>((resolve) =>
    proc.on("exit", (code, signal) => resolve(signal ?? code)),
  );
}

describe("e-mail across worker crashes (SIGKILL)", () => {
  it("holds exactly one message per recipient after each crash, except the committing window, which is reported", async () => {
    const steps: (DeliveryStep | "none")[] = ["before-claim", "claimed", "committing", "terminated", "none"];
    const messages = steps.map((step): MailMessage & { step: string } => {
      const id = randomUUID().slice(0, 8);
      return {
        step,
        idempotencyKey: `crash:${step}:${id}`,
        to: `${step}-${id}@example.test`,
        subject: `Crash at ${step}`,
        text: `Sent through a crash at ${step}.`,
      };
    });
    const plan = Object.fromEntries(
      messages.filter((m) => m.step !== "none").map((m) => [m.idempotencyKey, m.step as DeliveryStep]),
    );
    const ids: string[] = [];
    for (const { step: _, ...m } of messages) ids.push((await t.ctx.jobs.send("email.send", m)) as string);

    const marks = fs.mkdtempSync(path.join(os.tmpdir(), "mail-crash-"));
    const states = async () =>
      Promise.all(ids.map(async (id) => (await t.ctx.jobs.boss.findJobs("email.send", { id }))[0]?.state));
    let kills = 0;
    const deadline = Date.now() + 150_000;
    // Run the worker, again after each kill, until every job has finished.
    while (Date.now() < deadline) {
      const exited = startWorker(plan, marks);
      let settled = false;
      const outcome = await Promise.race([
        exited,
        (async () => {
          while (!settled && Date.now() < deadline) {
            if ((await states()).every((s) => s === "completed" || s === "failed")) return "done";
            await new Promise((r) => setTimeout(r, 250));
          }
          return "done";
        })(),
      ]);
      settled = true;
      if (outcome === "SIGKILL") {
        kills += 1;
        continue;
      }
      if (outcome === "done") break;
      throw new Error(`worker exited with ${String(outcome)}`);
    }
    child?.kill("SIGKILL");
    expect(kills).toBe(4);
    expect(await states()).toEqual(steps.map(() => "completed"));

    const inbox = (m: MailMessage) => smtp.received.filter((r) => r.to.includes(m.to));
    const row = (m: MailMessage) =>
      t.ctx.database.db
        .selectFrom("sent_emails")
        .selectAll()
        .where("idempotency_key", "=", m.idempotencyKey)
        .executeTakeFirstOrThrow();
    const byStep = Object.fromEntries(messages.map((m) => [m.step, m]));
    // Killed before the claim, or after it but before "committing": the retry sent it, once.
    for (const step of ["before-claim", "claimed", "none"]) {
      expect(inbox(byStep[step]!), step).toHaveLength(1);
      expect((await row(byStep[step]!)).state, step).toBe("sent");
    }
    // Killed after "committing" was recorded: before the terminator (nothing delivered) or after it
    // (delivered). The retry cannot tell which, so it reports the message uncertain and sends nothing.
    expect(inbox(byStep.committing!)).toHaveLength(0);
    expect(inbox(byStep.terminated!)).toHaveLength(1);
    for (const step of ["committing", "terminated"]) {
      expect((await row(byStep[step]!)).state, step).toBe("uncertain");
      const [job] = await t.ctx.jobs.boss.findJobs("email.send", { id: ids[steps.indexOf(step as DeliveryStep)]! });
      expect(job?.output, step).toEqual({ skipped: true, uncertain: true });
    }
    // Never twice, for any recipient.
    for (const m of messages) expect(inbox(m).length).toBeLessThanOrEqual(1);
  }, 180_000);
});
