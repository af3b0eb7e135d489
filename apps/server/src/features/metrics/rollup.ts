import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";

/**
 * The metrics roll-ups. `review_daily_stats` holds one row per (location, source, day, rating,
 * sentiment) with counts, response counts and response-time sums; `review_daily_account_stats` the
 * same without the location. `review_daily_category_stats` and `review_daily_account_category_stats`
 * (migration 0008) are the same by experience category as well: a review counts once in each category
 * of `reviews.categories` (a category named twice in the array still counts once), so a sum over
 * several categories would count a review in two of them twice (the overview reads them for ONE
 * category only). The day is the calendar day of `published_at` in the account's time zone. Reviews
 * deleted at the source are left out, as they are from every metric.
 *
 * The database keeps them current (migration 0009, docs/decisions/002-rollups-by-trigger.md): triggers
 * on `reviews` and `responses` note the (account, location, day) keys every statement touches, and the
 * transaction's commit recounts each of them once. No writer calls anything; within a writing
 * transaction the roll-ups show its changes only once it commits. The numbers are defined once, in
 * the SQL function `review_rollups_recount`.
 *
 * What no review or response row changes is left to `refreshDailyStats`, a new time zone of an account
 * (every day moves; the `metrics.refresh-daily-stats` job), and to the nightly `metrics.rebuild-daily-stats`
 * job, which rebuilds every account from scratch in short statements (`rebuildAllDailyStats`).
 */

export interface RefreshScope {
  accountId: string;
}

type Executor = Kysely<DB>;

/** Recounts every roll-up row of an account from its reviews and responses. */
export async function refreshDailyStats(database: Database | Executor, scope: RefreshScope): Promise<void> {
  const db = "db" in database ? database.db : database;
  await sql`SELECT review_rollups_recount(${scope.accountId}::uuid)`.execute(db);
}

/**
 * How many (location, day) keys one statement of the nightly rebuild recounts. The embedded database answers one
 * statement at a time, so every call waits for the statement in progress: a whole account in one statement held
 * the demo's restaurant account for about 19 s. A step of 500 keys (the 36 locations on 13 days) takes about 0.5 s
 * there; the whole rebuild takes about a fifth longer than in one statement an account.
 */
export const REBUILD_KEYS_PER_STEP = 500;

/**
 * Rebuilds every account's roll-ups (the nightly job), each in short statements (rebuildAccountInSteps); on the
 * embedded database it then gathers the planner's statistics, table by table.
 */
export async function rebuildAllDailyStats(database: Database, opts: { keysPerStep?: number } = {}): Promise<number> {
  const accounts = await database.db.selectFrom("reviews").select("account_id").distinct().execute();
  const withStats = await sql<{
    account_id: string;
  }>`SELECT DISTINCT account_id FROM review_daily_account_stats`.execute(database.db);
  const ids = new Set([...accounts.map((a) => a.account_id), ...withStats.rows.map((a) => a.account_id)]);
  for (const accountId of ids) await rebuildAccountInSteps(database, accountId, opts);
  // The embedded database has no autovacuum daemon, so nothing else gathers the planner's statistics there: without
  // them every roll-up is taken for a handful of rows and summed by sorting. Once a night, after every roll-up has
  // been written again, a table a statement. (A PostgreSQL server's autovacuum does this as the tables change.)
  if (database.embedded) {
    const tables = await sql<{ name: string }>`SELECT quote_ident(schemaname) || '.' || quote_ident(relname) AS name
      FROM pg_stat_user_tables ORDER BY relname`.execute(database.db);
    for (const { name } of tables.rows) await sql`ANALYZE ${sql.raw(name)}`.execute(database.db);
  }
  return ids.size;
}

/**
 * Rebuilds one account's roll-ups from its reviews and responses, as `review_rollups_recount(account)` does, in
 * statements of at most `keysPerStep` (location, day) keys, so that the calls of every user run between them:
 * - every day that has a review or a row in any of the account's daily roll-ups, a window of days at a time:
 *   `review_rollups_recount` with the window's keys (every location on every day of the window; the path of every
 *   commit: location, account, group and overview rows of those days, and the overview weeks that hold them), then
 *   the search rows of those days;
 * - then each group's months of keyword rows, from its daily rows (migration 0039; the keys write them by
 *   difference).
 * Each statement is exact on its own and takes the account's roll-up lock, as a writer's commit does, so a reader
 * between two steps sees roll-ups that are right, some of them not yet rewritten. (A group with no location keeps
 * what it holds: the triggers on group_locations rebuild a group whose locations change.)
 */
export async function rebuildAccountInSteps(
  database: Database,
  accountId: string,
  opts: { keysPerStep?: number } = {},
): Promise<void> {
  const db = database.db;
  const days = await sql<{ day: string }>`
    SELECT day::text FROM (
      SELECT DISTINCT (r.published_at AT TIME ZONE a.time_zone)::date AS day
      FROM reviews r JOIN accounts a ON a.id = r.account_id WHERE r.account_id = ${accountId}
      UNION SELECT day FROM review_daily_stats WHERE account_id = ${accountId}
      UNION SELECT day FROM review_daily_category_stats WHERE account_id = ${accountId}
      UNION SELECT day FROM review_daily_account_stats WHERE account_id = ${accountId}
      UNION SELECT day FROM review_daily_account_category_stats WHERE account_id = ${accountId}
      UNION SELECT day FROM review_daily_account_overview_stats WHERE account_id = ${accountId}
      UNION SELECT week FROM review_weekly_account_overview_stats WHERE account_id = ${accountId}
      UNION SELECT day FROM review_daily_search_stats WHERE account_id = ${accountId}
      UNION SELECT day FROM review_daily_group_stats WHERE account_id = ${accountId}
      UNION SELECT day FROM review_daily_group_category_stats WHERE account_id = ${accountId}
      UNION SELECT day FROM keyword_daily_group_stats WHERE account_id = ${accountId}
    ) d ORDER BY day`.execute(db);
  const locations = await sql<{ id: string }>`
    SELECT id FROM locations WHERE account_id = ${accountId}
    UNION SELECT location_id FROM review_daily_stats WHERE account_id = ${accountId}
    UNION SELECT location_id FROM review_daily_category_stats WHERE account_id = ${accountId}
    ORDER BY id`.execute(db);
  const locationIds = locations.rows.map((l) => l.id);
  const allDays = days.rows.map((d) => d.day);
  const keysPerStep = opts.keysPerStep ?? REBUILD_KEYS_PER_STEP;
  const window = Math.max(1, Math.floor(keysPerStep / Math.max(1, locationIds.length)));
  for (let i = 0; i < allDays.length; i += window) {
    const windowDays = allDays.slice(i, i + window);
    // Every location on every day of the window: a key whose location has no review that day deletes what is held.
    const keyLocations = windowDays.flatMap(() => locationIds);
    const keyDays = windowDays.flatMap((day) => locationIds.map(() => day));
    if (keyLocations.length > 0) {
      await sql`SELECT review_rollups_recount(${accountId}::uuid, ${keyLocations}::uuid[], ${keyDays}::date[])`.execute(
        db,
      );
    }
    await sql`SELECT search_rollups_recount(${accountId}::uuid, ${windowDays}::date[])`.execute(db);
  }
  const groups = await db.selectFrom("groups").select("id").where("account_id", "=", accountId).orderBy("id").execute();
  for (const group of groups) {
    await sql`SELECT insights_group_months_recount(${accountId}::uuid, ${group.id}::uuid)`.execute(db);
  }
}
