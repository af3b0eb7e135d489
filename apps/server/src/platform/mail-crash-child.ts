// The worker process of the e-mail crash test (mail-crash.test.ts): works the `email.send` queue of
// DATABASE_URL with SMTP_URL, and SIGKILLs itself at the step CRASH_PLAN names for a message
// ({idempotencyKey: step}), once per message (a marker file in CRASH_MARKS remembers it), so the
// restarted process goes on where a real restart would.
// Run: tsx apps/server/src/platform/mail-crash-child.ts (with the environment above)
import fs from "node:fs";
import path from "node:path";
import pino from "pino";
import { openDatabase } from "../db/database.ts";
import { Jobs } from "./jobs.ts";
import { type DeliveryStep, defineMailJob, Mailer } from "./mail.ts";

const plan = JSON.parse(process.env.CRASH_PLAN ?? "{}") as Record<string, DeliveryStep>;
const marks = process.env.CRASH_MARKS ?? "";
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 4 });
const jobs = new Jobs(database, pino({ level: "silent" }), { superviseIntervalSeconds: 1 });
const mailer = new Mailer(database, {
  smtpUrl: process.env.SMTP_URL,
  outboxDir: path.join(marks, "outbox"),
  onStep: (step, message) => {
    const mark = path.join(marks, message.idempotencyKey.replace(/[^a-zA-Z0-9_-]/g, "_"));
    if (plan[message.idempotencyKey] !== step || fs.existsSync(mark)) return;
    fs.writeFileSync(mark, step);
    process.kill(process.pid, "SIGKILL");
  },
});
defineMailJob(jobs, mailer);
await jobs.start({ work: true, tick: false });
process.stdout.write("ready\n");
