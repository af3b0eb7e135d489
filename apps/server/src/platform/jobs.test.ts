import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { isCronExpression, type JobDefinition, Jobs, nextRun } from "./jobs.ts";

// Jobs instances of our own on the test app's real database (the app's own queue runs no workers).
// Instants are far in the future so that no minute tick of real time fires these schedules.
let t: TestApp;
const log = pino({ level: "silent" });
const running: Jobs[] = [];

beforeAll(async () => {
  t = await startTestApp({ workers: false });
});
beforeEach(async () => {
  // runDue fires every due schedule of the database (features add theirs at start): each test starts with none.
  await t.ctx.database.db.deleteFrom("schedules").execute();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((j) => j.stop()));
});
afterAll(async () => t?.close());

async function startJobs(definitions: JobDefinition<object>[], work = true) {
  const jobs = new Jobs(t.ctx.database, log);
  for (const d of definitions) jobs.define(d);
  running.push(jobs);
  await jobs.start({ work, tick: false });
  return jobs;
}

/** A queue of its own for each test, recording what ran. */
function recorder(options?: JobDefinition["options"], fail?: (retryCount: number) => boolean) {
  const runs: { data: Record<string, unknown>; retryCount: number }[] = [];
  const definition: JobDefinition<Record<string, unknown>> = {
    name: `test.${randomUUID().slice(0, 8)}`,
    options,
    handler: async (data, meta) => {
      runs.push({ data, retryCount: meta.retryCount });
      if (fail?.(meta.retryCount)) throw new Error(`attempt ${meta.retryCount} fails`);
    },
  };
  return { definition: definition as JobDefinition<object>, runs };
}

async function schedule(jobs: Jobs, job: string, cron: string, from: Date, timeZone = "UTC") {
  const name = `schedule-${randomUUID().slice(0, 8)}`;
  await jobs.ensureSchedule({ name, cron, timeZone, job, data: { hello: "world" } }, from);
  return name;
}

async function scheduleRow(name: string) {
  return t.ctx.database.db.selectFrom("schedules").selectAll().where("name", "=", name).executeTakeFirstOrThrow();
}

describe("schedules", () => {
  it("keeps the planned slot when started again with the same time, and moves it when the time changes", async () => {
    const { definition } = recorder();
    const jobs = await startJobs([definition]);
    const name = await schedule(jobs, definition.name, "0 13 * * *", new Date("2099-01-01T00:00:00Z"));
    await jobs.ensureSchedule({ name, cron: "0 13 * * *", job: definition.name }, new Date("2099-01-05T00:00:00Z"));
    expect((await scheduleRow(name)).next_run_at.toISOString()).toBe("2099-01-01T13:00:00.000Z");
    await jobs.ensureSchedule({ name, cron: "30 2 * * *", job: definition.name }, new Date("2099-01-01T00:00:00Z"));
    expect(await scheduleRow(name)).toMatchObject({
      cron: "30 2 * * *",
      next_run_at: new Date("2099-01-01T02:30:00Z"),
    });
  });

  it("tells a cron expression from anything else", () => {
    expect(isCronExpression("15 3 * * *")).toBe(true);
    expect(isCronExpression("every night")).toBe(false);
    expect(isCronExpression("61 3 * * *")).toBe(false);
  });

  it("computes the next run in the schedule's time zone", () => {
    const after = new Date("2099-03-02T00:00:00Z");
    expect(nextRun("0 13 * * *", after).toISOString()).toBe("2099-03-02T13:00:00.000Z");
    expect(nextRun("0 13 * * *", after, "America/Chicago").toISOString()).toBe("2099-03-02T19:00:00.000Z");
  });

  it("does not fire before its time, fires once at it, and moves the next run past the instant", async () => {
    const { definition, runs } = recorder();
    const jobs = await startJobs([definition]);
    const name = await schedule(jobs, definition.name, "0 13 * * *", new Date("2099-01-01T00:00:00Z"));
    expect((await scheduleRow(name)).next_run_at.toISOString()).toBe("2099-01-01T13:00:00.000Z");

    expect(await jobs.runDue(new Date("2099-01-01T12:59:59Z"))).toEqual([]);

    const at = new Date("2099-01-01T13:00:00Z");
    const first = await jobs.runDue(at);
    const second = await jobs.runDue(at);
    expect(first).toEqual([{ name, job: definition.name, slot: at.toISOString(), id: expect.any(String) }]);
    expect(second).toEqual([]);
    expect((await jobs.waitFor(definition.name, first[0]!.id!)).state).toBe("completed");
    expect(runs).toHaveLength(1);
    expect(runs[0]!.data).toMatchObject({ hello: "world", schedule: name, scheduled_for: at.toISOString() });

    const row = await scheduleRow(name);
    expect(row.last_run_at?.toISOString()).toBe(at.toISOString());
    expect(row.next_run_at.toISOString()).toBe("2099-01-02T13:00:00.000Z");
  });

  it("fires a slot once when two callers run the same instant at the same time", async () => {
    const { definition } = recorder();
    const jobs = await startJobs([definition], false);
    const other = await startJobs([definition], false);
    const name = await schedule(jobs, definition.name, "30 8 * * *", new Date("2099-02-01T00:00:00Z"));
    const at = new Date("2099-02-01T08:30:00Z");
    const [a, b] = await Promise.all([jobs.runDue(at), other.runDue(at)]);
    expect([...a, ...b].map((f) => f.name)).toEqual([name]);
    const queued = await jobs.boss.findJobs(definition.name);
    expect(queued.map((j) => j.singletonKey)).toEqual([`${name}@${at.toISOString()}`]);
  });

  it("fires a schedule that fell behind once, for its oldest missed slot, not once per missed slot", async () => {
    const { definition } = recorder();
    const jobs = await startJobs([definition], false);
    const name = await schedule(jobs, definition.name, "0 * * * *", new Date("2099-04-01T00:00:00Z"));
    const fired = await jobs.runDue(new Date("2099-04-01T05:30:00Z"));
    expect(fired).toEqual([expect.objectContaining({ name, slot: "2099-04-01T01:00:00.000Z" })]);
    expect((await scheduleRow(name)).next_run_at.toISOString()).toBe("2099-04-01T06:00:00.000Z");
  });
});

describe("jobs", () => {
  it("retries a job that throws, then completes it", async () => {
    const { definition, runs } = recorder({ retryLimit: 2, retryDelay: 1, retryBackoff: false }, (n) => n === 0);
    const jobs = await startJobs([definition]);
    const id = await jobs.send(definition.name, { n: 1 });
    expect(id).toBeTruthy();
    expect((await jobs.waitFor(definition.name, id!, { timeoutMs: 30_000 })).state).toBe("completed");
    expect(runs.map((r) => r.retryCount)).toEqual([0, 1]);
  });

  it("marks a job failed once its retries are spent", async () => {
    const { definition, runs } = recorder({ retryLimit: 1, retryDelay: 1, retryBackoff: false }, () => true);
    const jobs = await startJobs([definition]);
    const id = await jobs.send(definition.name, {});
    const result = await jobs.waitFor(definition.name, id!, { timeoutMs: 30_000 });
    expect(result.state).toBe("failed");
    expect(result.output).toMatchObject({ message: "attempt 1 fails" });
    expect(runs).toHaveLength(2);
  });

  it("runs a job enqueued before a restart after it (durable on the database)", async () => {
    const { definition, runs } = recorder();
    const before = await startJobs([definition], false);
    const id = await before.send(definition.name, { survived: true });
    await before.stop();
    expect(runs).toHaveLength(0);

    const after = await startJobs([definition]);
    expect((await after.waitFor(definition.name, id!, { timeoutMs: 30_000 })).state).toBe("completed");
    expect(runs).toEqual([{ data: { survived: true }, retryCount: 0 }]);
  });

  it("gives a queue made by an earlier start the retry settings its definition has now", async () => {
    // An earlier version retried after 60 s, three times; this one retries once, after a second.
    const { definition, runs } = recorder({ retryLimit: 3, retryDelay: 60, retryBackoff: true }, (n) => n === 0);
    await (await startJobs([definition], false)).stop();
    const now = { ...definition, options: { retryLimit: 1, retryDelay: 1, retryBackoff: false } };
    const jobs = await startJobs([now]);
    const id = await jobs.send(definition.name, {});
    expect((await jobs.waitFor(definition.name, id!, { timeoutMs: 20_000 })).state).toBe("completed");
    expect(runs.map((r) => r.retryCount)).toEqual([0, 1]);
  });
});

describe("jobs sent inside a transaction", () => {
  it("exist when the transaction commits and not when it rolls back", async () => {
    const { definition } = recorder();
    const jobs = await startJobs([definition], false);
    const db = t.ctx.database.db;
    const committed = await db.transaction().execute((trx) => jobs.send(definition.name, { n: 1 }, { trx }));
    let rolledBack: string | null = null;
    await expect(
      db.transaction().execute(async (trx) => {
        rolledBack = await jobs.send(definition.name, { n: 2 }, { trx });
        throw new Error("the change fails after the send");
      }),
    ).rejects.toThrow("the change fails");
    expect(committed).toBeTruthy();
    expect(rolledBack).toBeTruthy();
    expect(await jobs.boss.findJobs(definition.name, { id: committed! })).toHaveLength(1);
    expect(await jobs.boss.findJobs(definition.name, { id: rolledBack! })).toHaveLength(0);
  });
});

describe("schedules fire in the transaction that moves them past their slot", () => {
  it("leaves the slot due when its job cannot be enqueued, and fires it once when it can", async () => {
    const { definition } = recorder();
    const jobs = await startJobs([definition], false);
    const name = await schedule(jobs, definition.name, "0 6 * * *", new Date("2099-05-01T00:00:00Z"));
    const at = new Date("2099-05-01T06:00:00Z");
    // The job's insert fails (as a crash between the two would): the schedule does not move.
    await sql`CREATE OR REPLACE FUNCTION test_fail_job_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'job insert refused'; END $$`.execute(t.ctx.database.db);
    await sql`CREATE TRIGGER fail_job BEFORE INSERT ON pgboss.job FOR EACH ROW
      WHEN (NEW.name = ${sql.lit(definition.name)}) EXECUTE FUNCTION test_fail_job_insert()`.execute(t.ctx.database.db);
    try {
      await expect(jobs.runDue(at)).rejects.toThrow("job insert refused");
    } finally {
      await sql`DROP TRIGGER fail_job ON pgboss.job`.execute(t.ctx.database.db);
    }
    expect((await scheduleRow(name)).next_run_at.toISOString()).toBe(at.toISOString());
    expect(await jobs.boss.findJobs(definition.name)).toHaveLength(0);

    const fired = await jobs.runDue(at);
    expect(fired).toEqual([{ name, job: definition.name, slot: at.toISOString(), id: expect.any(String) }]);
    expect(await jobs.runDue(at)).toEqual([]);
    expect((await jobs.boss.findJobs(definition.name)).map((j) => j.id)).toEqual([fired[0]!.id]);
    expect((await scheduleRow(name)).next_run_at.toISOString()).toBe("2099-05-02T06:00:00.000Z");
  });
});
