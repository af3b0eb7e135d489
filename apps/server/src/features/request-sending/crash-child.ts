// The job process of the request-sending crash test (crash.test.ts): works `requests.campaign.start`,
// `requests.send` and `email.send` on DATABASE_URL with SMTP_URL, and SIGKILLs itself at a random step of a
// delivery with probability CRASH_SELF_KILL (the test also kills it from outside at random moments).
// Run: tsx apps/server/src/features/request-sending/crash-child.ts (with the environment above)
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { loadConfig } from "../../config.ts";
import { openDatabase } from "../../db/database.ts";
import type { AppContext } from "../../platform/context.ts";
import { Jobs } from "../../platform/jobs.ts";
import { defineMailJob, Mailer } from "../../platform/mail.ts";
import { registerRequestSendingJobs } from "./jobs.ts";

const selfKill = Number(process.env.CRASH_SELF_KILL ?? 0);
const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 6 });
const log = pino({ level: "silent" });
const jobs = new Jobs(database, log, { superviseIntervalSeconds: 1 });
const mailer = new Mailer(database, {
  smtpUrl: process.env.SMTP_URL,
  outboxDir: path.join(os.tmpdir(), "request-crash-outbox"),
  onStep: (step) => {
    // Only the steps after which a retry must still deliver exactly once (committing/terminated are the
    // documented uncertain window; outside kills may still land there).
    if ((step === "before-claim" || step === "claimed" || step === "sent") && Math.random() < selfKill)
      process.kill(process.pid, "SIGKILL");
  },
});
// A killed worker's jobs are retried once their heartbeat is 10 s stale (the least pg-boss allows), at once.
const define = jobs.define.bind(jobs);
jobs.define = (def) =>
  define({
    ...def,
    options: { ...def.options, heartbeatSeconds: 10, retryDelay: 1, retryBackoff: false, retryLimit: 20 },
  });
const ctx: AppContext = { config, database, jobs, mailer, log };
defineMailJob(jobs, mailer);
registerRequestSendingJobs(ctx);
await jobs.start({ work: true, tick: false });
process.stdout.write("ready\n");
