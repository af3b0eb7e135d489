import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { startTwilioSandbox, type TwilioSandbox } from "../sandboxes/twilio.ts";

// SMS across crashes: a worker process (sms-crash-child.ts) sends an SMS campaign of 300 recipients
// through the Twilio sandbox and is SIGKILLed many times: at random moments, and at the two points that
// matter (after "committing" before the provider call; after the provider took the message, before its id
// is recorded). It is started again each time, until every request's text is settled. The database and the
// provider outlive it, as they outlive a real server's crash. After it, the provider holds exactly one
// message per recipient.

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "sms-crash-child.ts");
const RECIPIENTS = 300;
const SID = "AC22222222222222222222222222222222";
const TOKEN = "crash-test-auth-token";
const FROM = "+15005550006";

let t: TestApp;
let twilio: TwilioSandbox;
let child: ChildProcess | null = null;

beforeAll(async () => {
  // A few milliseconds per call, so a kill often lands while a request is at the provider; status
  // callbacks 10 s later (the lookup, not a callback, has to find the early runs' interrupted sends).
  twilio = await startTwilioSandbox({
    accountSid: SID,
    authToken: TOKEN,
    numbers: [FROM],
    callbackDelayMs: 10_000,
    behaviour: { delayMs: 3 },
  });
  t = await startTestApp({
    workers: false,
    env: { TWILIO_BASE_URL: twilio.url, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM },
  });
  t.ctx.config.publicUrl = t.baseUrl;
});
afterAll(async () => {
  if (child?.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await t?.close();
  await twilio?.close();
});

function startWorker(
  accountId: string,
  marks: string,
  crash: { step: string; at: number } | null,
  killAfterMs: number | null,
) {
  const proc = spawn(process.execPath, ["--import", "tsx", CHILD], {
    env: {
      ...process.env,
      DATABASE_URL: t.ctx.database.connectionString,
      ACCOUNT_ID: accountId,
      MARKS: marks,
      PUBLIC_URL: t.baseUrl,
      TWILIO_BASE_URL: twilio.url,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: FROM,
      CRASH_STEP: crash?.step ?? "",
      CRASH_AT: String(crash?.at ?? 0),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child = proc;
  let timer: NodeJS.Timeout | undefined;
  proc.stdout?.on("data", (chunk: Buffer) => {
    // Killed at a random moment once it is sending.
    if (killAfterMs !== null && !timer && chunk.toString().includes("ready")) {
      timer = setTimeout(() => proc.kill("SIGKILL"), killAfterMs);
    }
  });
  return new Promise<NodeJS.Signals | number | null>((resolve) =>
    proc.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(signal ?? code);
    }),
  );
}

describe("SMS across worker crashes (SIGKILL)", () => {
  it("holds exactly one message per recipient at the provider after many kills", async () => {
    const account = await createAccount(t.ctx.database, { name: "Crash Bistro" });
    const phones = Array.from({ length: RECIPIENTS }, (_, i) => `+1646555${String(i).padStart(4, "0")}`);
    const contacts = await t.ctx.database.db
      .insertInto("contacts")
      .values(phones.map((phone, i) => ({ account_id: account.id, phone, name: `Guest ${i}` })))
      .returning(["id", "phone"])
      .execute();
    await t.ctx.database.db
      .insertInto("requests")
      .values(
        contacts.map((c) => ({
          account_id: account.id,
          contact_id: c.id,
          channel: "sms" as const,
          token_hash: randomUUID(),
        })),
      )
      .execute();

    const marks = fs.mkdtempSync(path.join(os.tmpdir(), "sms-crash-"));
    // The first kills at the two points that matter, then at random steps and moments.
    const plans: { step: string; at: number }[] = [
      { step: "created", at: 5 },
      { step: "committing", at: 5 },
      { step: "created", at: 20 },
    ];
    let kills = 0;
    let runs = 0;
    const deadline = Date.now() + 75_000;
    while (Date.now() < deadline) {
      runs += 1;
      const killing = kills < 12;
      const plan =
        plans[runs - 1] ??
        (killing && Math.random() < 0.5
          ? { step: Math.random() < 0.5 ? "created" : "committing", at: 1 + Math.floor(Math.random() * 30) }
          : null);
      const outcome = await startWorker(
        account.id,
        marks,
        plan,
        killing && !plans[runs - 1] ? 100 + Math.floor(Math.random() * 500) : null,
      );
      if (outcome === "SIGKILL") {
        kills += 1;
        continue;
      }
      if (outcome === 0) break;
      throw new Error(`worker exited with ${String(outcome)}`);
    }
    expect(kills).toBeGreaterThanOrEqual(10);

    const sends = await t.ctx.database.db
      .selectFrom("request_sends as s")
      .innerJoin("requests as r", "r.id", "s.request_id")
      .select(["s.state", "s.to_address", "s.provider_message_id"])
      .where("r.account_id", "=", account.id)
      .execute();
    expect(sends).toHaveLength(RECIPIENTS);
    expect(sends.every((s) => s.state === "sent")).toBe(true);
    const outbound = twilio.state.messages.filter((m) => m.direction === "outbound-api");
    // Exactly one message per recipient, and it is the one each request recorded.
    const perPhone = new Map<string, string[]>();
    for (const m of outbound) perPhone.set(m.to, [...(perPhone.get(m.to) ?? []), m.sid]);
    expect(perPhone.size).toBe(RECIPIENTS);
    expect([...perPhone.values()].filter((sids) => sids.length !== 1)).toEqual([]);
    for (const s of sends) expect(perPhone.get(s.to_address)).toEqual([s.provider_message_id]);
    // The kills after the provider took a message left sends only its list could settle: they were found there.
    const found = fs.existsSync(path.join(marks, "found")) ? fs.readFileSync(path.join(marks, "found"), "utf8") : "";
    expect(found.split("\n").filter(Boolean).length).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
