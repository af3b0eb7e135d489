import type { THealth } from "@starboard/contract/system";
import { sql } from "kysely";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";

/** A probe answered within this long is taken as the database's current state. */
const FRESH_MS = 1_000;
/** How long a request waits for a probe it started before answering from the last success. */
const WAIT_MS = 50;
/** A database that has not answered a probe for this long is reported as down, busy or not. */
const STALE_MS = 15_000;

/**
 * Whether the database answers, without making every health check queue behind the database's work.
 * PGlite is one session (db/pglite-worker.ts): a `select 1` per request would wait for whatever
 * statement runs, so the health check would measure the database's queue, not the server. Instead:
 * - a success less than a second old answers at once;
 * - so does a request that comes while another's probe runs, if the database answered less than 15 s ago:
 *   a busy database holds the probe, and only the request that started it waits (otherwise every request of
 *   a busy second waited the 50 ms below, and the check's p99 was the wait: decision 005, stop 38);
 * - otherwise the request starts a probe (one at a time) and waits for it up to 50 ms: a database
 *   that is down fails fast (connection refused or terminated) and the request answers 503;
 * - a probe still running after 50 ms means a busy database: the request answers from the last
 *   success if it is under 15 s old; without one (just started, or silent for 15 s) it waits up to 15 s
 *   for the probe and answers 503 if that fails or does not end.
 */
export class DatabaseProbe {
  private lastOkAt = 0;
  private lastError: unknown;
  private running: Promise<void> | undefined;

  constructor(
    private readonly query: () => Promise<unknown>,
    private readonly now: () => number = Date.now,
  ) {}

  async check(): Promise<void> {
    if (this.now() - this.lastOkAt < FRESH_MS) return;
    if (this.running && this.now() - this.lastOkAt < STALE_MS) return;
    const probe = this.probe();
    if ((await settlesWithin(probe, WAIT_MS)) || this.now() - this.lastOkAt >= STALE_MS) {
      // Answered (or errored) at once, or no recent success to fall back on: the probe's own answer, within 15 s.
      if ((await settlesWithin(probe, STALE_MS)) && this.lastError === undefined) return;
      throw new AppError("unavailable", "The database is not answering.");
    }
    // Busy, and it answered less than 15 s ago.
  }

  private probe(): Promise<void> {
    this.running ??= this.query()
      .then(
        () => {
          this.lastOkAt = this.now();
          this.lastError = undefined;
        },
        (error: unknown) => {
          this.lastOkAt = 0;
          this.lastError = error;
        },
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}

/** The database answers (see DatabaseProbe); the environment name is for the client's staging banner. */
export async function health(ctx: AppContext, probe: DatabaseProbe): Promise<THealth> {
  await probe.check();
  return { status: "ok", environment: ctx.config.environment };
}

export function databaseProbe(ctx: AppContext): DatabaseProbe {
  return new DatabaseProbe(() => sql`select 1`.execute(ctx.database.db));
}

/** Whether the promise (which never rejects) settles within `ms`. */
async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]);
  clearTimeout(timer);
  return settled;
}
