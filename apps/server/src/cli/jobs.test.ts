import { execFile, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { productFeatures } from "../compose.ts";
import { loadConfig, repoRoot } from "../config.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedReferenceData } from "../features/geo/seed.ts";
import { SYNC_ALL_JOB } from "../features/ingestion/jobs.ts";
import { REBUILD_DAILY_STATS } from "../features/metrics/jobs.ts";
import type { AppContext } from "../platform/context.ts";

// The real `jobs run-due` command, run as a child process (npx tsx, Node 24) on an embedded
// database under a temp DATA_DIR: once while a server started here owns that database (the command
// must go through the server's socket), once with no server (it opens the database itself).
const dataDir = path.join(os.tmpdir(), `starboard-cli-${randomUUID()}`);
const outbox = path.join(dataDir, "outbox");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runJobsCli(args: string[]): Promise<Run> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", LOG_LEVEL: "warn" };
  return new Promise((resolve) => {
    execFile(
      "npx",
      ["tsx", path.join(repoRoot(), "apps/server/src/cli/jobs.ts"), ...args],
      { cwd: repoRoot(), env, timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * A schedule that e-mails (the outbox shows that its job ran), due first at `due`. Instants here are in
 * the past: the schedules features add at start are due from now on, so only this one is due then.
 */
async function addSchedule(database: Database, due: Date) {
  const name = `cli-test-${randomUUID().slice(0, 8)}`;
  await database.db
    .insertInto("schedules")
    .values({
      name,
      cron: "0 13 * * *",
      job: "email.send",
      data: JSON.stringify({ idempotencyKey: name, to: "ops@example.test", subject: `Report ${name}`, text: "Due." }),
      next_run_at: due,
    })
    .execute();
  return name;
}

function outboxMentions(text: string) {
  if (!fs.existsSync(outbox)) return false;
  return fs.readdirSync(outbox).some((f) => fs.readFileSync(path.join(outbox, f), "utf8").includes(text));
}

function parseLines(stdout: string) {
  return stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("jobs run-due while the server runs on the embedded database", () => {
  let database: Database;
  let app: FastifyInstance;
  let ctx: AppContext;
  beforeAll(async () => {
    // What main.ts does, on a temp DATA_DIR.
    const config = {
      ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" }),
      databaseUrl: undefined,
      smtpUrl: undefined,
      environment: "test" as const,
      // The server turned the nightly rebuild and the scheduled review sync off (ROLLUP_REBUILD_CRON=off,
      // REVIEW_SYNC_CRON=off), as the end-to-end runs do.
      rollupRebuildCron: null,
      reviewSyncCron: null,
    };
    database = await openDatabase({ dataDir });
    await migrateToLatest(database.db);
    await seedReferenceData(database);
    ({ app, ctx } = await buildApp(config, database, productFeatures({ demo: false })));
    // Workers on, but no minute tick: it would fire this test's past-due schedule before the CLI does.
    await ctx.jobs.start({ work: true, tick: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.jobs.stop();
    await database?.close();
  });

  it("fires the due schedule through the server's database", { timeout: 180_000 }, async () => {
    const due = new Date("2020-05-01T13:00:00Z");
    const name = await addSchedule(database, due);
    const socket = JSON.parse(fs.readFileSync(path.join(dataDir, "socket.json"), "utf8"));
    expect(socket.pid).toBe(process.pid);

    const run = await runJobsCli(["run-due", "--at", "2020-05-01T13:00:00Z"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`through the process that has it open (pid ${process.pid})`);
    const lines = parseLines(run.stdout);
    expect(lines).toEqual([
      { schedule: name, job: "email.send", slot: due.toISOString(), job_id: expect.any(String), state: "completed" },
    ]);

    // The server's own (in-process) database saw it all: only one process has PGlite open.
    const row = await database.db
      .selectFrom("schedules")
      .selectAll()
      .where("name", "=", name)
      .executeTakeFirstOrThrow();
    expect(row.last_run_at?.toISOString()).toBe(due.toISOString());
    expect(row.next_run_at.toISOString()).toBe("2020-05-02T13:00:00.000Z");
    const [job] = await ctx.jobs.boss.findJobs("email.send", { id: String(lines[0]!.job_id) });
    expect(job?.state).toBe("completed");
    expect(outboxMentions(`Report ${name}`)).toBe(true);
    const health = await fetch(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/health`);
    expect(health.status).toBe(200);

    const again = await runJobsCli(["run-due", "--at", "2020-05-01T13:00:00Z"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe("");

    // The tool, run without ROLLUP_REBUILD_CRON or REVIEW_SYNC_CRON, left the server's settings alone: the rebuild
    // and the scheduled sync are still off.
    const serverSettings = await database.db
      .selectFrom("schedules")
      .select("name")
      .where("name", "in", [REBUILD_DAILY_STATS, SYNC_ALL_JOB])
      .execute();
    expect(serverSettings).toEqual([]);
  });
});

describe("jobs run-due with no server running", () => {
  it("opens the embedded database itself, ignoring a socket.json left by a dead process", {
    timeout: 180_000,
  }, async () => {
    const database = await openDatabase({ dataDir });
    const due = new Date("2020-05-01T20:00:00Z");
    const name = await addSchedule(database, due);
    await database.close();
    const deadPid = spawnSync("true").pid;
    fs.writeFileSync(
      path.join(dataDir, "socket.json"),
      JSON.stringify({ connectionString: "postgresql://postgres:postgres@127.0.0.1:9/postgres", pid: deadPid }),
    );

    const run = await runJobsCli(["run-due", "--at", "2020-05-01T21:30:00+01:00"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`Database: embedded database in ${dataDir}\n`);
    const lines = parseLines(run.stdout);
    expect(lines).toEqual([expect.objectContaining({ schedule: name, slot: due.toISOString(), state: "completed" })]);
    expect(outboxMentions(`Report ${name}`)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "socket.json"))).toBe(false);

    const reopened = await openDatabase({ dataDir });
    try {
      const row = await reopened.db
        .selectFrom("schedules")
        .selectAll()
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
      expect(row.next_run_at.toISOString()).toBe("2020-05-02T13:00:00.000Z");
      const { rows } = await sql<{
        state: string;
      }>`SELECT state FROM pgboss.job WHERE id = ${String(lines[0]!.job_id)}`.execute(reopened.db);
      expect(rows).toEqual([{ state: "completed" }]);
    } finally {
      await reopened.close();
    }
  });

  it("refuses an --at that is not an instant, before touching the database", { timeout: 60_000 }, async () => {
    const run = await runJobsCli(["run-due", "--at", "2099-06-01 13:00"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("--at must be an ISO 8601 instant");
  });
});
