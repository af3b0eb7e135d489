// The worker process of the SMS crash test (sms-crash.test.ts): sends the SMS of every open request of
// ACCOUNT_ID in DATABASE_URL through Twilio's Messages API at TWILIO_BASE_URL (the test's Twilio sandbox), as
// the "requests.send" job would: each through deliverSms, a failed one tried again a moment later (the job's
// retry), until every request's SMS is settled; then it exits 0. It is SIGKILLed at random moments by the
// test, and kills itself at CRASH_STEP ("committing": before the provider call; "created": after the provider
// took the message, before its id is recorded) once it has committed CRASH_AT sends. Each `found` (an interrupted send
// found in the provider's list) is appended to MARKS/found.
// Run: node --import tsx apps/server/src/features/sms/sms-crash-child.ts (with the environment above)
import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Config } from "../../config.ts";
import type { DB } from "../../db/schema.ts";
import { deliverSmsWith, type SmsStep } from "./delivery.ts";
import { TwilioProvider } from "./twilio.ts";

const env = process.env;
const accountId = env.ACCOUNT_ID ?? "";
const marks = env.MARKS ?? "";
const crashStep = (env.CRASH_STEP || null) as SmsStep | null;
const crashAt = Number(env.CRASH_AT ?? 0);

const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 8 });
pool.on("error", () => {});
const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
const ctx = {
  config: { publicUrl: env.PUBLIC_URL ?? "http://127.0.0.1:9" } as Config,
  database: { db },
};
const provider = new TwilioProvider({
  baseUrl: env.TWILIO_BASE_URL ?? "",
  accountSid: env.TWILIO_ACCOUNT_SID ?? "",
  authToken: env.TWILIO_AUTH_TOKEN ?? "",
  from: env.TWILIO_FROM ?? "",
  timeoutMs: 2000,
});

/** The body of a request's text: its own link makes it unique (the marker the lookup matches). */
function bodyOf(requestId: string) {
  return `Thanks for visiting Crash Bistro! How did we do? https://starboard.test/r/${requestId} Reply STOP to opt out`;
}

let commits = 0;
const onStep = (step: SmsStep) => {
  if (step === "committing") commits += 1;
  if (step === "found") fs.appendFileSync(path.join(marks, "found"), "1\n");
  if (crashStep && step === crashStep && commits >= crashAt) process.kill(process.pid, "SIGKILL");
};

process.stdout.write("ready\n");
for (;;) {
  const { rows } = await sql<{ id: string; phone: string }>`
    SELECT r.id, c.phone FROM requests r
    JOIN contacts c ON c.id = r.contact_id
    LEFT JOIN request_sends s ON s.request_id = r.id AND s.channel = 'sms'
    WHERE r.account_id = ${accountId} AND (s.id IS NULL OR s.state NOT IN ('sent', 'failed'))
    ORDER BY r.id`.execute(db);
  if (rows.length === 0) break;
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      try {
        await deliverSmsWith(
          ctx,
          { requestId: row.id, accountId, to: row.phone, body: bodyOf(row.id) },
          { provider: async () => provider, lookupAfterMs: 1000, onStep },
        );
      } catch {
        // A temporary failure: the next round tries again (the job's retry).
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await db.destroy();
process.exit(0);
