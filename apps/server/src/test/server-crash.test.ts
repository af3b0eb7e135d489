import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TResponse, TResponseList } from "@starboard/contract/reviews";
import { sql } from "kysely";
import { PgBoss } from "pg-boss";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeGoogleState, type GoogleApiReview, startFakeGoogle } from "../features/sandboxes/sources/google.ts";
import type { FakeServer } from "../features/sandboxes/sources/http.ts";
import type { FiredSchedule } from "../platform/jobs.ts";
import {
  createAlert,
  createLocation,
  createReview,
  createSourceCredentials,
  createUrl,
  createUser,
  signedIn,
  sourceId,
} from "./factories.ts";
import { startTestApp, type TestApp } from "./harness.ts";

/**
 * The whole server killed (SIGKILL) at random points, many times (issue 10): the product's own server
 * (src/main.ts, as `npm start` runs it) works the jobs of this test's database while schedules fire (scheduled
 * exports, alert digests, the other platform schedules), instant alerts go out for reviews a sync finds, and
 * responses publish to a local fake Google; it is killed at a random moment after each start (during start-up
 * too), and started again. The database and the local SMTP server outlive it, as they outlive a real crash. After
 * the last restart runs to the end: the SMTP server holds exactly one message per recipient and e-mail (each run
 * of a scheduled export to each recipient, each digest, each instant alert), every schedule slot's job ran to
 * completion once, and every response is published at the source. A message whose sender died inside the
 * documented committing window (docs/decisions/004) is reported `uncertain` and never sent twice.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const MAIN = path.join(ROOT, "apps/server/src/main.ts");
const LOCATION = "accounts/77/locations/1";
const KILL_PHASE_MS = 50_000;
const random = Math.random;

/**
 * A real SMTP server on the loopback keeping what it receives (as test/smtp.ts's), which also outlives a sender
 * killed in the middle of a message: the dropped connection is an error of that session, not of the server.
 */
async function startSmtp() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let google: FakeServer<FakeGoogleState>;
let t: TestApp;
let child: ChildProcess | null = null;
/**
 * A surviving instance's supervisor: it fails the jobs a dead process held once their heartbeat is stale, and
 * they are retried. The same pg-boss supervision the server runs, checking every second instead of every minute
 * (as the e-mail crash test's worker does), so the test does not wait out the minute.
 */
let supervisor: PgBoss;
let childLog = "";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "server-crash-"));

beforeAll(async () => {
  smtp = await startSmtp();
  google = await startFakeGoogle({ accessToken: "google-token", locationName: LOCATION });
  t = await startTestApp({
    workers: false,
    env: { SMTP_URL: smtp.url, GOOGLE_API_BASE: google.url, LOCATION_SYNC_INTERVAL_SECONDS: "1" },
  });
  supervisor = new PgBoss({
    connectionString: t.ctx.database.connectionString,
    schema: "pgboss",
    max: 2,
    superviseIntervalSeconds: 1,
    monitorIntervalSeconds: 1,
  });
  supervisor.on("error", () => {});
  await supervisor.start();
}, 60_000);

afterAll(async () => {
  await supervisor?.stop({ graceful: false, timeout: 1000 });
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await t?.close();
  await smtp?.close();
  await google?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server on the test's database; answers when it is killed or exits. */
function startServer() {
  const proc = spawn(process.execPath, ["--import", "tsx", MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: t.ctx.database.connectionString,
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      SMTP_URL: smtp.url,
      GOOGLE_API_BASE: google.url,
      PUBLIC_URL: "http://starboard.test",
      STARBOARD_ENV: "test",
      LOG_LEVEL: "warn",
      RESPONSES_RETRY_DELAY_SECONDS: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = proc;
  let ready: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    ready = resolve;
  });
  proc.stdout?.on("data", (d: Buffer) => {
    if (d.toString().includes("Starboard is running")) ready();
  });
  proc.stderr?.on("data", (d: Buffer) => {
    childLog = (childLog + d.toString()).slice(-4000);
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    proc.on("exit", (code, signal) => resolve(signal ?? code)),
  );
  return { proc, started, exited };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A killed worker's job is noticed once its heartbeat is 10 s stale (the least pg-boss allows), and retried at once. */
async function quickRecovery() {
  for (const queue of await t.ctx.jobs.boss.getQueues()) {
    await t.ctx.jobs.boss.updateQueue(queue.name, { heartbeatSeconds: 10, retryDelay: 1, retryBackoff: false });
  }
}

/**
 * Jobs due and not finished (the minute tick aside). A job the dead processes held is failed by the supervisor
 * and waits for its retry's backoff: the wait is brought forward (as if the test waited it out).
 */
async function unfinishedJobs() {
  await sql`UPDATE pgboss.job SET start_after = now() WHERE state = 'retry' AND start_after > now()`.execute(
    t.ctx.database.db,
  );
  const { rows } = await sql<{ name: string; state: string; heartbeat: string | null; started: string | null }>`
    SELECT name, state, heartbeat_seconds || ' s, last ' || heartbeat_on::text AS heartbeat, started_on::text AS started
    FROM pgboss.job
    WHERE state IN ('created', 'retry', 'active') AND start_after <= now() AND name <> 'schedules.tick'`.execute(
    t.ctx.database.db,
  );
  return rows;
}

const messageIdOf = (key: string) => `<${createHash("sha256").update(key).digest("hex").slice(0, 32)}@starboard.local>`;

describe("the whole server killed at random points", () => {
  it("leaves exactly one message per recipient and e-mail, and every due job run once", {
    timeout: 150_000,
  }, async () => {
    const db = t.ctx.database.db;
    // An account in UTC with two recipients, a daily scheduled export to both, a daily digest and an instant alert
    // for its owner, and a Google location with credentials. (Kept small: each queue's worker takes about one job
    // a second, and the run has to fit in the time a test may take.)
    const owner = await signedIn(t, { type: "admin" });
    await db.updateTable("accounts").set({ time_zone: "UTC" }).where("id", "=", owner.account.id).execute();
    const users = [owner.user];
    users.push(await createUser(t.ctx.database, owner.account.id, { type: "manager" }));
    const exportIds: string[] = [];
    for (let i = 0; i < 1; i++) {
      const created = await owner.client.post<{ id: string }>("/api/scheduled_exports", {
        export_type: "reviews",
        email_subject: `Crash export ${i}`,
        email_frequency: "daily",
        scheduled_time: "13:00",
        date_range_legend: "sevenDays",
        recipient_user_ids: users.map((u) => u.id),
      });
      expect(created.status).toBe(201);
      exportIds.push(created.body.id);
    }
    const digestAlerts = [];
    const instantAlerts = [];
    digestAlerts.push(await createAlert(t.ctx.database, owner.user, { typeId: 1, frequencyId: 2 }));
    instantAlerts.push(await createAlert(t.ctx.database, owner.user, { typeId: 1, frequencyId: 1 }));
    const location = await createLocation(t.ctx.database, owner.account.id);
    await createUrl(t.ctx.database, {
      accountId: owner.account.id,
      locationId: location.id,
      source: "google",
      referenceId: LOCATION,
    });
    await createSourceCredentials(t.ctx.database, { accountId: owner.account.id, source: "google" });
    const google_id = await sourceId(t.ctx.database, "google");
    // The location was synced before (a first sync is a backfill, which sends no instant alerts).
    await db
      .insertInto("source_syncs")
      .values({
        location_id: location.id,
        source_id: google_id,
        account_id: owner.account.id,
        last_status: "ok",
        full_syncs: 1,
        last_completed_at: new Date(),
      })
      .execute();
    await quickRecovery();

    const fired: FiredSchedule[] = [];
    const responseIds: string[] = [];
    const newReviewIds: string[] = [];
    let day = 0;
    let seq = 0;
    const base = new Date();
    base.setUTCHours(13, 0, 0, 0);
    /**
     * What happens while the server runs: a new day's schedules fire (once the previous day's scheduled exports
     * were dispatched, so each day is a run of its own); a new review, a sync, a response.
     */
    let round = 0;
    const act = async () => {
      round += 1;
      const states = await Promise.all(
        fired
          .filter((f) => f.name === "scheduled-exports.dispatch")
          .map(async (f) => (await t.ctx.jobs.boss.findJobs(f.job, { id: f.id! }))[0]?.state),
      );
      if (states.every((s) => s === "completed")) await newDay();
      await newReviewAndResponse();
    };
    const newDay = async () => {
      day += 1;
      const at = new Date(base.getTime() + day * 86_400_000);
      // A review seen that day, for its digest (Google holds it too: a sync does not take it for deleted).
      google.state.reviews.push({ reviewId: `day-${day}`, starRating: "THREE", createTime: "2026-01-01T00:00:00Z" });
      await createReview(t.ctx.database, {
        accountId: owner.account.id,
        locationId: location.id,
        sourceReviewId: `day-${day}`,
        firstSeenAt: new Date(at.getTime() - 3_600_000),
        publishedAt: new Date(at.getTime() - 7_200_000),
      });
      fired.push(...(await t.ctx.jobs.runDue(at)));
    };
    const newReviewAndResponse = async () => {
      // A review appears at Google; the location is synced (its new review sends an instant alert).
      const added: GoogleApiReview[] = [0].map(() => {
        seq += 1;
        return {
          reviewId: `crash-${seq}`,
          reviewer: { displayName: `Reviewer ${seq}` },
          starRating: "FOUR",
          comment: `Visit number ${seq}.`,
          createTime: new Date().toISOString(),
        };
      });
      google.state.reviews.push(...added);
      newReviewIds.push(...added.map((r) => r.reviewId));
      await db.updateTable("source_syncs").set({ requested_at: null }).execute();
      const sync = await owner.client.post(`/api/locations/${location.id}/sync`, { source_id: google_id });
      expect(sync.status).toBeLessThan(300);
      // A response to a review Google holds.
      const reviewId = `answered-${round}`;
      google.state.reviews.push({ reviewId, starRating: "FIVE", comment: "Great", createTime: "2026-01-01T00:00:00Z" });
      const review = await createReview(t.ctx.database, {
        accountId: owner.account.id,
        locationId: location.id,
        sourceReviewId: reviewId,
      });
      const response = await owner.client.post<TResponse>("/api/responses", {
        review_id: review.id,
        content: `Thank you, round ${round}!`,
      });
      expect(response.status).toBe(201);
      responseIds.push(response.body.id);
    };

    // Kill phase: start, act, kill at a random moment: one start in four while starting up, the others at
    // a random point of their first seconds of work.
    let kills = 0;
    let duringStart = 0;
    const killUntil = Date.now() + KILL_PHASE_MS;
    while (Date.now() < killUntil) {
      const server = startServer();
      await act();
      await quickRecovery();
      if (random() < 0.25) {
        await Promise.race([sleep(random() * 3000), server.started]);
        duringStart += 1;
      } else {
        await Promise.race([server.started, server.exited]);
        await sleep(200 + random() * 4000);
      }
      expect(server.proc.kill("SIGKILL"), childLog).toBe(true);
      expect(await server.exited).toBe("SIGKILL");
      kills += 1;
    }
    expect(kills).toBeGreaterThanOrEqual(5);

    // The last start runs to the end: every due job done (jobs the killed processes held are retried).
    const last = startServer();
    await Promise.race([last.started, last.exited]);
    await quickRecovery();
    const deadline = Date.now() + 45_000;
    let pending = await unfinishedJobs();
    while (Date.now() < deadline) {
      pending = await unfinishedJobs();
      const open = await db
        .selectFrom("scheduled_export_runs")
        .select("id")
        .where("completed_at", "is", null)
        .execute();
      if (pending.length === 0 && open.length === 0) break;
      await sleep(1000);
    }
    expect(
      pending,
      `${kills} kills, ${smtp.received.length} messages received, now ${new Date().toISOString()}; ${childLog}`,
    ).toEqual([]);
    last.proc.kill("SIGTERM");
    await last.exited;

    // Every schedule slot fired once, and its job ran to completion (once: one job per slot).
    expect(fired.length).toBeGreaterThan(0);
    for (const f of fired) {
      const jobs = await sql<{ state: string }>`
        SELECT state FROM pgboss.job WHERE name = ${f.job} AND singleton_key = ${`${f.name}@${f.slot}`}`.execute(db);
      expect(
        jobs.rows.map((j) => j.state),
        `${f.name}@${f.slot}`,
      ).toEqual(["completed"]);
    }

    // The e-mail: each recorded send holds exactly one message at the SMTP server (an `uncertain` one, at most one).
    const received = new Map<string, number>();
    for (const m of smtp.received) {
      const id = /^Message-ID:\s*(<[^>]+>)/im.exec(m.raw)?.[1] ?? "none";
      received.set(id, (received.get(id) ?? 0) + 1);
    }
    const sent = await db.selectFrom("sent_emails").select(["idempotency_key", "to_address", "state"]).execute();
    const known = new Set(sent.map((s) => messageIdOf(s.idempotency_key)));
    expect([...received.keys()].filter((id) => !known.has(id))).toEqual([]);
    const uncertain = sent.filter((s) => s.state === "uncertain");
    for (const s of sent) {
      const n = received.get(messageIdOf(s.idempotency_key)) ?? 0;
      if (s.state === "uncertain") expect(n, s.idempotency_key).toBeLessThanOrEqual(1);
      else {
        expect(s.state, s.idempotency_key).toBe("sent");
        expect(n, s.idempotency_key).toBe(1);
      }
    }
    const sentKeys = new Set(sent.map((s) => s.idempotency_key));

    // Each run of each scheduled export went to each recipient, once.
    const runs = await db
      .selectFrom("scheduled_export_runs")
      .select(["id", "completed_at", "scheduled_export_id"])
      .where("scheduled_export_id", "in", exportIds)
      .execute();
    expect(new Set(runs.map((r) => r.scheduled_export_id)).size).toBe(exportIds.length);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    for (const run of runs) {
      expect(run.completed_at, run.id).not.toBeNull();
      const sends = await db
        .selectFrom("scheduled_export_sends")
        .select("idempotency_key")
        .where("run_id", "=", run.id)
        .execute();
      expect(sends.length, run.id).toBe(users.length);
      for (const s of sends) expect(sentKeys.has(s.idempotency_key), s.idempotency_key).toBe(true);
    }
    // Each daily digest slot went to each subscriber (every day had reviews), once.
    const digestSlots = fired.filter((f) => f.name === "alerts.digest-daily").map((f) => f.slot);
    expect(digestSlots.length).toBeGreaterThan(0);
    for (const slot of digestSlots) {
      for (const a of digestAlerts) {
        expect(sentKeys.has(`alert:${a.id}:digest:${slot}`), `digest ${slot} to ${a.user_id}`).toBe(true);
      }
    }
    // Each review a sync found sent each instant alert, once.
    const found = await db
      .selectFrom("reviews")
      .select(["id", "source_review_id"])
      .where("source_review_id", "in", newReviewIds)
      .execute();
    expect(found.length).toBe(newReviewIds.length);
    for (const r of found) {
      for (const a of instantAlerts)
        expect(sentKeys.has(`alert:${a.id}:review:${r.id}`), r.source_review_id).toBe(true);
    }
    // Every response is published, and Google holds it.
    for (const [i, id] of responseIds.entries()) {
      const { body } = await owner.client.get<TResponseList>(`/api/responses?per_page=100`);
      const response = body._embedded.responses.find((r) => r.id === id);
      expect(response?.status, id).toBe("published");
      expect(google.state.reviews.find((r) => r.reviewId === `answered-${i + 1}`)?.reviewReply?.comment).toBe(
        `Thank you, round ${i + 1}!`,
      );
    }
    console.info(
      `server crash test: ${kills} kills (${duringStart} while starting), ${day} days, ${fired.length} schedule slots, ${runs.length} export runs, ` +
        `${sent.length} e-mails (${uncertain.length} uncertain), ${responseIds.length} responses`,
    );
  });
});
