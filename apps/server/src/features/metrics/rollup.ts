import { type Kysely, type RawBuilder, sql } from "kysely";
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
 * Nothing keeps them current by itself (no triggers): whoever changes reviews or responses calls
 * `refreshDailyStats` for what it touched (ingestion, import, the responses publish path), and the
 * nightly `metrics.rebuild-daily-stats` job rebuilds every account.
 */

export interface RefreshScope {
  accountId: string;
  /** Only these locations; all of the account's when absent. */
  locationIds?: string[];
  /** Only these days (YYYY-MM-DD in the account's time zone); every day when absent. */
  days?: string[];
}

type Executor = Kysely<DB>;

/** Recomputes the roll-up rows of an account, optionally narrowed to locations and days. */
export async function refreshDailyStats(database: Database | Executor, scope: RefreshScope): Promise<void> {
  const db = "db" in database ? database.db : database;
  if (scope.locationIds?.length === 0 || scope.days?.length === 0) return;
  const run = async (trx: Executor) => {
    // Refreshes of one account run one at a time, so two of them never insert the same rows.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`daily_stats:${scope.accountId}`}))`.execute(trx);
    const account = await trx
      .selectFrom("accounts")
      .select("time_zone")
      .where("id", "=", scope.accountId)
      .executeTakeFirst();
    if (!account) return;
    const tz = account.time_zone;
    const days = scope.days ? [...new Set(scope.days)].sort() : undefined;
    const locationIds = scope.locationIds ? [...new Set(scope.locationIds)] : undefined;

    const statsWhere: RawBuilder<unknown>[] = [sql`account_id = ${scope.accountId}`];
    if (locationIds) statsWhere.push(sql`location_id = ANY(${locationIds}::uuid[])`);
    if (days) statsWhere.push(sql`day = ANY(${days}::date[])`);
    const stats = sql.join(statsWhere, sql` AND `);
    await sql`DELETE FROM review_daily_stats WHERE ${stats}`.execute(trx);
    await sql`DELETE FROM review_daily_category_stats WHERE ${stats}`.execute(trx);

    const reviewWhere: RawBuilder<unknown>[] = [
      sql`r.account_id = ${scope.accountId}`,
      sql`r.deleted_at_source IS NULL`,
    ];
    if (locationIds) reviewWhere.push(sql`r.location_id = ANY(${locationIds}::uuid[])`);
    if (days) {
      const first = days[0]!;
      const last = days[days.length - 1]!;
      reviewWhere.push(
        sql`r.published_at >= (${first}::date::timestamp AT TIME ZONE ${tz})`,
        sql`r.published_at < ((${last}::date + 1)::timestamp AT TIME ZONE ${tz})`,
        sql`(r.published_at AT TIME ZONE ${tz})::date = ANY(${days}::date[])`,
      );
    }
    const reviews = sql.join(reviewWhere, sql` AND `);
    // Each review's first published response, through responses(review_id): the plan stays an index
    // look-up per review whatever the planner knows about freshly loaded tables.
    const firstResponse = sql`LEFT JOIN LATERAL (
        SELECT min(p.published_at) AS at FROM responses p
        WHERE p.review_id = r.id AND p.status = 'published' AND p.deleted_at IS NULL
      ) fr ON true`;
    const counts = sql`count(*),
        count(*) FILTER (WHERE r.respondable),
        count(*) FILTER (WHERE r.respondable AND fr.at IS NOT NULL),
        count(fr.at),
        coalesce(sum(greatest(0, extract(epoch FROM fr.at - r.published_at) / 3600.0)), 0)`;
    // Rows go in in key order (location, [category,] day, ...): a rebuild leaves each location's rows
    // side by side on disk, so an overview walking the key per location (a group) reads few pages.
    await sql`
      INSERT INTO review_daily_stats (account_id, location_id, day, source_id, rating, sentiment, review_count,
        respondable_count, responded_count, response_count, response_hours_sum)
      SELECT r.account_id, r.location_id, (r.published_at AT TIME ZONE ${tz})::date, r.source_id,
        coalesce(r.rating, 0), r.sentiment, ${counts}
      FROM reviews r ${firstResponse}
      WHERE ${reviews}
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY 1, 2, 3, 4, 5, 6`.execute(trx);
    // By category: one row per distinct category of each review (its first occurrence in the array).
    await sql`
      INSERT INTO review_daily_category_stats (account_id, location_id, category, day, source_id, rating,
        sentiment, review_count, respondable_count, responded_count, response_count, response_hours_sum)
      SELECT r.account_id, r.location_id, c.category, (r.published_at AT TIME ZONE ${tz})::date, r.source_id,
        coalesce(r.rating, 0), r.sentiment, ${counts}
      FROM reviews r ${firstResponse}
      CROSS JOIN LATERAL unnest(r.categories) WITH ORDINALITY AS c(category, n)
      WHERE ${reviews} AND c.category IS NOT NULL AND array_position(r.categories, c.category) = c.n
      GROUP BY 1, 2, 3, 4, 5, 6, 7
      ORDER BY 1, 2, 3, 4, 5, 6, 7`.execute(trx);

    // The account roll-ups of the same days, from the location roll-ups.
    const accountWhere: RawBuilder<unknown>[] = [sql`account_id = ${scope.accountId}`];
    if (days) accountWhere.push(sql`day = ANY(${days}::date[])`);
    const where = sql.join(accountWhere, sql` AND `);
    const sums = sql`sum(review_count), sum(respondable_count), sum(responded_count), sum(response_count),
        sum(response_hours_sum)`;
    await sql`DELETE FROM review_daily_account_stats WHERE ${where}`.execute(trx);
    await sql`
      INSERT INTO review_daily_account_stats (account_id, source_id, day, rating, sentiment, review_count,
        respondable_count, responded_count, response_count, response_hours_sum)
      SELECT account_id, source_id, day, rating, sentiment, ${sums}
      FROM review_daily_stats WHERE ${where}
      GROUP BY account_id, day, source_id, rating, sentiment
      ORDER BY account_id, day, source_id, rating, sentiment`.execute(trx);
    await sql`DELETE FROM review_daily_account_category_stats WHERE ${where}`.execute(trx);
    await sql`
      INSERT INTO review_daily_account_category_stats (account_id, category, source_id, day, rating, sentiment,
        review_count, respondable_count, responded_count, response_count, response_hours_sum)
      SELECT account_id, category, source_id, day, rating, sentiment, ${sums}
      FROM review_daily_category_stats WHERE ${where}
      GROUP BY account_id, category, day, source_id, rating, sentiment
      ORDER BY account_id, category, day, source_id, rating, sentiment`.execute(trx);
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}

/**
 * Refreshes the days these reviews fall on (for the responses publish path: call it after a
 * response is published or deleted, with the review's id).
 */
export async function refreshDailyStatsForReviews(database: Database | Executor, reviewIds: string[]) {
  const db = "db" in database ? database.db : database;
  if (reviewIds.length === 0) return;
  const rows = await sql<{ account_id: string; location_id: string; day: string }>`
    SELECT DISTINCT r.account_id, r.location_id, (r.published_at AT TIME ZONE a.time_zone)::date::text AS day
    FROM reviews r JOIN accounts a ON a.id = r.account_id
    WHERE r.id = ANY(${reviewIds}::uuid[])`.execute(db);
  for (const scope of scopesOf(rows.rows)) await refreshDailyStats(db, scope);
}

/** Groups (account, location, day) triples into one refresh per account. */
export function scopesOf(rows: { account_id: string; location_id: string; day: string }[]): RefreshScope[] {
  const byAccount = new Map<string, { locations: Set<string>; days: Set<string> }>();
  for (const r of rows) {
    const entry = byAccount.get(r.account_id) ?? { locations: new Set(), days: new Set() };
    entry.locations.add(r.location_id);
    entry.days.add(r.day);
    byAccount.set(r.account_id, entry);
  }
  return [...byAccount].map(([accountId, e]) => ({ accountId, locationIds: [...e.locations], days: [...e.days] }));
}

/** Rebuilds every account's roll-ups (the nightly job; also after the demo or a bench seed). */
export async function rebuildAllDailyStats(database: Database): Promise<number> {
  const accounts = await database.db.selectFrom("reviews").select("account_id").distinct().execute();
  const withStats = await sql<{
    account_id: string;
  }>`SELECT DISTINCT account_id FROM review_daily_account_stats`.execute(database.db);
  const ids = new Set([...accounts.map((a) => a.account_id), ...withStats.rows.map((a) => a.account_id)]);
  for (const accountId of ids) await refreshDailyStats(database, { accountId });
  return ids.size;
}
