import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { sleep, startSmtp } from "./smtp.test-helpers.ts";

// A job process killed (SIGKILL) in the middle of a run, after some sends were claimed: after a restart each
// recipient gets the e-mail exactly once. The jobs run in child processes on the test's database (no workers
// in the test process); the first child has no reachable mail server, so nothing is delivered before the kill.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../..");
const cli = path.join(root, "apps/server/src/cli/jobs.ts");
const Y = new Date().getUTCFullYear() + 1;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
const children: ChildProcess[] = [];
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ workers: false });
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await t?.close();
  await smtp?.close();
});

function jobs(args: string[], smtpUrl: string) {
  const child = spawn(process.execPath, ["--import", "tsx", cli, ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: t.ctx.database.connectionString,
      DATA_DIR: t.ctx.config.dataDir,
      SMTP_URL: smtpUrl,
      PUBLIC_URL: "http://starboard.test",
      STARBOARD_ENV: "test",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function claims(exportId: string) {
  const row = await t.ctx.database.db
    .selectFrom("scheduled_export_sends as s")
    .innerJoin("scheduled_export_runs as r", "r.id", "s.run_id")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("r.scheduled_export_id", "=", exportId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("a job process killed mid-run", () => {
  it("completes each send exactly once after a restart", { timeout: 240_000 }, async () => {
    const owner = await signedIn(t, { type: "admin" });
    await t.ctx.database.db
      .updateTable("accounts")
      .set({ time_zone: "UTC" })
      .where("id", "=", owner.account.id)
      .execute();
    const users = [owner.user];
    for (let i = 0; i < 39; i += 1) users.push(await createUser(t.ctx.database, owner.account.id, { type: "user" }));
    const subject = `Crash ${owner.account.id.slice(0, 6)}`;
    const created = await owner.client.post<{ id: string }>("/api/scheduled_exports", {
      export_type: "reviews",
      email_subject: subject,
      email_frequency: "daily",
      scheduled_time: "13:00",
      date_range_legend: "sevenDays",
      recipient_user_ids: users.map((u) => u.id),
    });
    expect(created.status).toBe(201);

    // 1. The first process claims sends, and is killed before it has claimed them all.
    const first = jobs(["run-due", "--at", `${Y}-07-01T13:00:00Z`], "smtp://127.0.0.1:9");
    const deadline = Date.now() + 90_000;
    let claimedAtKill = 0;
    while (Date.now() < deadline && first.child.exitCode === null) {
      claimedAtKill = await claims(created.body.id);
      if (claimedAtKill >= 3) break;
      await sleep(20);
    }
    expect(first.child.kill("SIGKILL")).toBe(true);
    await first.exited;
    expect(claimedAtKill, first.output()).toBeGreaterThanOrEqual(3);
    const afterKill = await claims(created.body.id);
    expect(afterKill).toBeLessThan(users.length);
    expect(smtp.received).toHaveLength(0);
    const run = await t.ctx.database.db
      .selectFrom("scheduled_export_runs")
      .select("completed_at")
      .where("scheduled_export_id", "=", created.body.id)
      .executeTakeFirstOrThrow();
    expect(run.completed_at).toBeNull();

    // 2. Restart: the next run-due finishes the open run; a worker then delivers everything that is queued.
    const second = jobs(["run-due", "--at", `${Y}-07-01T13:01:00Z`, "--timeout", "120"], smtp.url);
    expect(await second.exited, second.output()).toBe(0);
    expect(await claims(created.body.id)).toBe(users.length);
    const worker = jobs(["work"], smtp.url);
    const until = Date.now() + 150_000;
    const got = () => new Set(smtp.received.filter((m) => m.subject === subject).flatMap((m) => m.to));
    while (Date.now() < until && got().size < users.length) await sleep(250);
    await sleep(3000);
    worker.child.kill("SIGTERM");
    await worker.exited;

    const mails = smtp.received.filter((m) => m.subject === subject);
    const perRecipient = new Map<string, number>();
    for (const m of mails) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    expect(perRecipient.size, worker.output()).toBe(users.length);
    for (const u of users) expect(perRecipient.get(u.email), u.email).toBe(1);
    const last = await t.ctx.database.db
      .selectFrom("scheduled_exports")
      .select("last_sent_at")
      .where("id", "=", created.body.id)
      .executeTakeFirstOrThrow();
    expect(last.last_sent_at).not.toBeNull();
  });
});
