import { CronExpressionParser } from "cron-parser";
import { CompiledQuery, type Kysely, sql } from "kysely";
import { type JobWithMetadata, PgBoss } from "pg-boss";
import type { Logger } from "pino";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";

export interface JobOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /**
   * A running job's worker proves it is alive this often; a job whose worker died (a crash, a
   * SIGKILL) is retried after this long instead of after `expireInSeconds` (at least 10).
   */
  heartbeatSeconds?: number;
}

export interface JobDefinition<T extends object = Record<string, unknown>> {
  name: string;
  /** What it answers is kept as the job's output (`waitFor` answers it). */
  handler: (data: T, meta: { id: string; retryCount: number }) => Promise<unknown>;
  options?: JobOptions;
  /** Jobs of this queue run at most this many at once in one process. */
  concurrency?: number;
}

export interface ScheduleDefinition {
  name: string;
  cron: string;
  timeZone?: string;
  job: string;
  data?: Record<string, unknown>;
}

/** A schedule that `runDue` fired: its slot (the time it was due) and the id of the job it enqueued. */
export interface FiredSchedule {
  name: string;
  job: string;
  slot: string;
  id: string | null;
}

export type JobState = JobWithMetadata["state"];

/** The next time a cron fires strictly after `after`, in the schedule's time zone. */
export function nextRun(cron: string, after: Date, timeZone = "UTC"): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, tz: timeZone }).next().toDate();
}

/** Whether `cron` is a cron expression that fires (for settings read at start). */
export function isCronExpression(cron: string): boolean {
  try {
    nextRun(cron, new Date());
    return true;
  } catch {
    return false;
  }
}

/**
 * Durable background jobs on PostgreSQL (pg-boss), and recurring schedules kept
 * in our own `schedules` table so that `run-due --at <instant>` can fire them
 * for any instant, from the server's minute tick or from the command line.
 */
export class Jobs {
  readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private readonly startHooks: { name: string; run: () => Promise<void> }[] = [];
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    /** How often this process looks for jobs whose worker died (pg-boss's supervisor; default 60 s). */
    opts: { superviseIntervalSeconds?: number } = {},
  ) {
    this.boss = new PgBoss({
      connectionString: database.connectionString,
      max: 4,
      schema: "pgboss",
      ...(opts.superviseIntervalSeconds ? { superviseIntervalSeconds: opts.superviseIntervalSeconds } : {}),
    });
    this.boss.on("error", (err: Error) => log.error({ err }, "job queue error"));
  }

  define<T extends object>(def: JobDefinition<T>) {
    this.definitions.set(def.name, def as JobDefinition<object>);
  }

  /**
   * Work to check once each time a process starts working the queues for good (the server with its
   * workers, `jobs work`; not `run-due`), after its workers run: e.g. the re-analysis a new model needs.
   * Runs in every such process, so it must enqueue what it finds at most once (a claim under a lock);
   * a failure is logged and does not stop the start.
   */
  onWorkStart(name: string, run: () => Promise<void>) {
    this.startHooks.push({ name, run });
  }

  /**
   * Starts the queue. `work` runs this process's workers; `tick` (default: same as `work`) also
   * fires due schedules each minute. The CLI's `run-due` works the queues without the tick.
   */
  async start({ work, tick = work }: { work: boolean; tick?: boolean }) {
    await this.boss.start();
    this.started = true;
    for (const def of this.definitions.values()) {
      const options = {
        retryLimit: def.options?.retryLimit ?? 5,
        retryDelay: def.options?.retryDelay ?? 10,
        retryBackoff: def.options?.retryBackoff ?? true,
        expireInSeconds: def.options?.expireInSeconds ?? 15 * 60,
        ...(def.options?.heartbeatSeconds ? { heartbeatSeconds: def.options.heartbeatSeconds } : {}),
      };
      await this.boss.createQueue(def.name, options);
      // A queue made before (by an older version, or with other settings) takes the definition's
      // options: createQueue leaves an existing queue as it is.
      const queue = await this.boss.getQueue(def.name);
      const keys = Object.keys(options) as (keyof typeof options)[];
      if (queue && keys.some((key) => queue[key] !== options[key])) await this.boss.updateQueue(def.name, options);
    }
    await this.boss.createQueue("schedules.tick");
    if (!work) return;
    for (const def of this.definitions.values()) {
      await this.boss.work<object>(
        def.name,
        { batchSize: 1, localConcurrency: def.concurrency ?? 1, pollingIntervalSeconds: 1 },
        async (jobs) => {
          let output: unknown;
          for (const job of jobs) {
            output = await def.handler(job.data, {
              id: job.id,
              retryCount: (job as { retryCount?: number }).retryCount ?? 0,
            });
          }
          return output;
        },
      );
    }
    if (!tick) return;
    await this.boss.schedule("schedules.tick", "* * * * *");
    await this.boss.work("schedules.tick", async () => {
      await this.runDue(new Date());
    });
    for (const hook of this.startHooks) {
      try {
        await hook.run();
      } catch (err) {
        this.log.error({ err, check: hook.name }, "start check failed");
      }
    }
  }

  /**
   * Enqueues a job. With `trx` (a Kysely transaction), the job is written in that transaction: it
   * exists exactly when the change that caused it commits (a crash between the two loses nothing).
   * `priority` (0 unless given): a queue's waiting jobs run highest first, then oldest first, so a job a
   * user is waiting for can go ahead of a scheduled batch in the same queue.
   */
  async send<T extends object>(
    name: string,
    data: T,
    { trx, ...options }: { singletonKey?: string; startAfter?: Date; priority?: number; trx?: Kysely<DB> } = {},
  ) {
    if (!this.started) throw new Error("Job queue not started");
    if (!trx) return this.boss.send(name, data, options);
    return this.boss.send(name, data, {
      ...options,
      db: {
        executeSql: async (text: string, values?: unknown[]) => {
          const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
          return { rows: result.rows as unknown[] };
        },
      },
    });
  }

  /** Creates or updates a recurring schedule; its next run is computed from now. */
  async ensureSchedule(def: ScheduleDefinition, now = new Date()) {
    const tz = def.timeZone ?? "UTC";
    await this.database.db
      .insertInto("schedules")
      .values({
        name: def.name,
        cron: def.cron,
        time_zone: tz,
        job: def.job,
        data: JSON.stringify(def.data ?? {}),
        next_run_at: nextRun(def.cron, now, tz),
      })
      .onConflict((oc) =>
        oc.column("name").doUpdateSet((eb) => ({
          cron: def.cron,
          time_zone: tz,
          job: def.job,
          data: JSON.stringify(def.data ?? {}),
          // A new time (or zone) takes effect now; the same one keeps the slot already planned.
          next_run_at: sql<Date>`CASE WHEN ${eb.ref("schedules.cron")} = ${eb.ref("excluded.cron")}
            AND ${eb.ref("schedules.time_zone")} = ${eb.ref("excluded.time_zone")}
            THEN ${eb.ref("schedules.next_run_at")} ELSE ${eb.ref("excluded.next_run_at")} END`,
        })),
      )
      .execute();
  }

  async removeSchedule(name: string) {
    await this.database.db.deleteFrom("schedules").where("name", "=", name).execute();
  }

  /**
   * A schedule whose time is the operator's setting (config.ts: ROLLUP_REBUILD_CRON, REVIEW_SYNC_CRON): a cron
   * expression sets it, null (`off`) removes it, undefined (a command-line tool not given the variable, beside a
   * server whose setting it is) leaves it as stored.
   */
  async configureSchedule(def: Omit<ScheduleDefinition, "cron">, cron: string | null | undefined) {
    if (cron === undefined) return;
    if (cron === null) await this.removeSchedule(def.name);
    else await this.ensureSchedule({ ...def, cron });
  }

  /**
   * Enqueues every schedule due at `at` once: the transaction that claims a due
   * schedule (FOR UPDATE SKIP LOCKED) moves it past `at` and enqueues its job, so a
   * repeated or concurrent call finds nothing due, and a crash loses no slot (the
   * move and the job commit together or not at all). The job's singleton key names
   * its slot (`schedule@slot`); on pg-boss 12's standard queues the key alone does
   * not deduplicate. Answers each fired schedule with the id of its job.
   */
  async runDue(at: Date): Promise<FiredSchedule[]> {
    return this.database.db.transaction().execute(async (trx) => {
      const fired: FiredSchedule[] = [];
      const due = await trx
        .selectFrom("schedules")
        .selectAll()
        .where("next_run_at", "<=", at)
        .orderBy("next_run_at")
        .forUpdate()
        .skipLocked()
        .execute();
      for (const s of due) {
        const slot = new Date(s.next_run_at).toISOString();
        await trx
          .updateTable("schedules")
          .set({ last_run_at: at, next_run_at: nextRun(s.cron, at, s.time_zone) })
          .where("name", "=", s.name)
          .execute();
        const id = await this.send(
          s.job,
          { ...(s.data ?? {}), scheduled_for: slot, schedule: s.name },
          { singletonKey: `${s.name}@${slot}`, trx },
        );
        fired.push({ name: s.name, job: s.job, slot, id });
      }
      return fired;
    });
  }

  /** Waits until a job has completed, failed or been cancelled; answers the last state seen when time runs out. */
  async waitFor(
    name: string,
    id: string,
    { timeoutMs = 60_000, intervalMs = 200 }: { timeoutMs?: number; intervalMs?: number } = {},
  ): Promise<{ state: JobState | "missing"; output: unknown }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [job] = await this.boss.findJobs(name, { id });
      const state = job?.state ?? "missing";
      if (state === "completed" || state === "failed" || state === "cancelled" || Date.now() >= deadline) {
        return { state, output: job?.output ?? null };
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }

  async stop() {
    if (this.started) await this.boss.stop({ graceful: true, timeout: 5000 });
    this.started = false;
  }
}
