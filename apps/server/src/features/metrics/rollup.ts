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
 * What no review or response row changes is left to `refreshDailyStats`: a new time zone of an account
 * (every day moves; the `metrics.refresh-daily-stats` job), and the nightly `metrics.rebuild-daily-stats`
 * job, which rebuilds every account from scratch.
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

/** Rebuilds every account's roll-ups (the nightly job); on the embedded database, then gathers the statistics. */
export async function rebuildAllDailyStats(database: Database): Promise<number> {
  const accounts = await database.db.selectFrom("reviews").select("account_id").distinct().execute();
  const withStats = await sql<{
    account_id: string;
  }>`SELECT DISTINCT account_id FROM review_daily_account_stats`.execute(database.db);
  const ids = new Set([...accounts.map((a) => a.account_id), ...withStats.rows.map((a) => a.account_id)]);
  for (const accountId of ids) await refreshDailyStats(database, { accountId });
  // The embedded database has no autovacuum daemon, so nothing else gathers the planner's statistics there: without
  // them every roll-up is taken for a handful of rows and summed by sorting. Once a night, after every roll-up has
  // been written again. (A PostgreSQL server's autovacuum does this as the tables change.)
  if (database.embedded) await sql`ANALYZE`.execute(database.db);
  return ids.size;
}
