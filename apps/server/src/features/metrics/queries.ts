import { type Kysely, type RawBuilder, sql } from "kysely";
import { planEachCall } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { answered, respondable } from "../reviews/index.ts";
import { type Bound, type Granularity, type MetricsFilters, overviewSpans, previousPeriod } from "./filters.ts";

/**
 * One aggregated cell of the overview, of one of three kinds (the overview's grouping sets):
 * - `rating`: the period (current or previous), the bucket (current only) and the rating; every review
 *   of the period is in exactly one such cell, so these carry the totals and the response counts;
 * - `source`: the period and the source;
 * - `sentiment`: the period and the sentiment.
 * A dimension a kind does not group by is null.
 */
export interface OverviewCell {
  kind: "rating" | "source" | "sentiment";
  current: boolean;
  bucket: string | null;
  source_id: string | null;
  /** The source's name (sources.name), with `source_id`. */
  source_name: string | null;
  rating: number | null;
  sentiment: number | null;
  review_count: number;
  respondable_count: number;
  responded_count: number;
  response_count: number;
  response_hours_sum: number;
}

/**
 * Whether the roll-ups can answer: whole days, and only roll-up dimensions filtered. A category filter
 * is answered from the category roll-ups when it names exactly ONE category: a review counts once in
 * each of its categories there, so summing several categories would count a review in two of them
 * twice, while the reviews table counts it once (`categories && [...]`). Several categories keep the
 * reviews-table path.
 */
export function canUseRollup(filters: MetricsFilters) {
  return filters.dayAligned && filters.categories.length <= 1;
}

/**
 * The location ids of the asked groups, as one array computed once before the scan (an InitPlan), so
 * that `location_id = ANY(...)` is an index condition: the planner walks the roll-up's key (or the
 * reviews' (location_id, published_at) index) per location instead of reading every row of the account
 * in the range and probing group_locations for each. Only the account's own groups count (another
 * account's group gives no location).
 */
function groupLocations(accountId: string, groupIds: string[]): RawBuilder<string[]> {
  return sql<string[]>`ARRAY(
    SELECT gl.location_id FROM group_locations gl JOIN groups g ON g.id = gl.group_id
    WHERE g.account_id = ${accountId} AND gl.group_id = ANY(${groupIds}::uuid[]))`;
}

function instantOf(bound: Bound, tz: string, end: boolean): RawBuilder<Date> {
  if ("instant" in bound) return sql<Date>`${bound.instant.toISOString()}::timestamptz`;
  return end
    ? sql<Date>`((${bound.day}::date + 1)::timestamp AT TIME ZONE ${tz})`
    : sql<Date>`(${bound.day}::date::timestamp AT TIME ZONE ${tz})`;
}

function dayOf(bound: Bound): string {
  if ("day" in bound) return bound.day;
  throw new Error("a day bound was expected");
}

/**
 * The overview's one query: the current and the previous period, grouped by bucket (current only),
 * source, rating and sentiment (`cellsQuery`), then summed up by the three grouping sets the answer
 * needs (see OverviewCell): a few hundred rows at most, where the cells are thousands (six months by
 * week: about 1,300 cells, 180 rows), which the database sums faster than the driver reads them.
 * Filtered by group, it is planned on every call: a prepared statement's generic plan cannot see how
 * many locations the group expands to, and at 1,000,000 reviews it took twice as long (59.8 ms p50
 * against 26.4 in `npm run bench -- --suite reviews-scale`).
 */
export function overviewQuery(
  accountId: string,
  timeZone: string,
  filters: MetricsFilters,
  granularity: Granularity,
): RawBuilder<OverviewCell> {
  const kindRows = kindRowsOf(filters);
  if (kindRows) return kindRowsOverviewQuery(accountId, kindRows, filters, granularity);
  const statement = sql<OverviewCell>`
    SELECT g.*, src.name AS source_name FROM (
      SELECT CASE GROUPING(c.source_id, c.sentiment) WHEN 3 THEN 'rating' WHEN 1 THEN 'source' ELSE 'sentiment' END AS kind,
        c.current, c.bucket, c.source_id, c.rating, c.sentiment,
        sum(c.review_count)::int AS review_count, sum(c.respondable_count)::int AS respondable_count,
        sum(c.responded_count)::int AS responded_count, sum(c.response_count)::int AS response_count,
        sum(c.response_hours_sum)::float8 AS response_hours_sum
      FROM (${cellsQuery(accountId, timeZone, filters, granularity)}) c
      GROUP BY GROUPING SETS ((c.current, c.bucket, c.rating), (c.current, c.source_id), (c.current, c.sentiment))
    ) g LEFT JOIN sources src ON src.id = g.source_id`;
  return filters.groupIds.length > 0 ? planEachCall(statement) : statement;
}

/**
 * Which rows by one dimension (sums by rating, by source, by sentiment; another filter cannot be applied to them)
 * answer the overview: the account's (migration 0038) with no filter but whole days; one group's (migration 0035)
 * with that group alone (two groups' rows cannot be added: a location in both would count twice); else none.
 */
export function kindRowsOf(filters: MetricsFilters): { group: string } | "account" | null {
  const datesOnly =
    filters.dayAligned &&
    filters.locationIds.length === 0 &&
    filters.sourceIds.length === 0 &&
    filters.ratings.length === 0 &&
    filters.sentiments.length === 0 &&
    filters.categories.length === 0;
  if (!datesOnly || filters.groupIds.length > 1) return null;
  const group = filters.groupIds[0];
  return group === undefined ? "account" : { group };
}

/**
 * The overview from daily sums by rating, source and sentiment, one dimension per row: of one group
 * (review_daily_group_stats) or of the whole account (its weekly and daily rows, accountKindRows). The three kinds of
 * OverviewCell directly, summed once: about 15 rows a day, where the rows by location (or by the account's
 * source, rating and sentiment together) are many more and must be summed twice. Only the account's own group
 * has rows under its account.
 */
function kindRowsOverviewQuery(
  accountId: string,
  kindRows: { group: string } | "account",
  filters: MetricsFilters,
  granularity: Granularity,
) {
  const previous = previousPeriod(filters);
  const from = dayOf(filters.from);
  const rows =
    kindRows === "account"
      ? accountKindRows(accountId, dayOf(previous.from), from, dayOf(filters.to), granularity)
      : sql`SELECT s.day, s.kind, s.source_id, s.rating, s.sentiment, s.review_count, s.respondable_count,
          s.responded_count, s.response_count, s.response_hours_sum
        FROM review_daily_group_stats s
        WHERE s.group_id = ${kindRows.group}::uuid AND s.account_id = ${accountId}
          AND s.day >= ${dayOf(previous.from)}::date AND s.day <= ${dayOf(filters.to)}::date`;
  // Summed by the kind's number and the bucket's date, named and written as text after: a fifth less work per row.
  return planEachCall(sql<OverviewCell>`
    SELECT CASE c.kind WHEN 0 THEN 'rating' WHEN 1 THEN 'source' ELSE 'sentiment' END AS kind,
      c.current, c.bucket::text AS bucket, c.source_id, src.name AS source_name, c.rating, c.sentiment, c.review_count,
      c.respondable_count, c.responded_count, c.response_count, c.response_hours_sum
    FROM (
      SELECT s.kind, s.day >= ${from}::date AS current,
        CASE WHEN s.kind = 0 AND s.day >= ${from}::date
          THEN date_trunc(${sql.lit(granularity)}, s.day::timestamp)::date END AS bucket,
        s.source_id, s.rating::int AS rating, s.sentiment::int AS sentiment,
        sum(s.review_count)::int AS review_count, sum(s.respondable_count)::int AS respondable_count,
        sum(s.responded_count)::int AS responded_count, sum(s.response_count)::int AS response_count,
        sum(s.response_hours_sum)::float8 AS response_hours_sum
      FROM (${rows}) s
      GROUP BY 1, 2, 3, 4, 5, 6) c
    LEFT JOIN sources src ON src.id = c.source_id`);
}

/**
 * An account's rows by one dimension from `previousFrom` to `to`: its week rows (migration 0040) for the weeks that
 * fall whole in one period and one bucket (overviewSpans), its day rows (migration 0038) for the other days; a week
 * row's `day` is its Monday. The demo's restaurant account, six months by week and the six before: about 900 rows
 * where the days alone are 5,500.
 */
function accountKindRows(accountId: string, previousFrom: string, from: string, to: string, granularity: Granularity) {
  const { weeks, days } = overviewSpans(previousFrom, from, to, granularity);
  return sql`SELECT s.day, s.kind, s.source_id, s.rating, s.sentiment, s.review_count, s.respondable_count,
      s.responded_count, s.response_count, s.response_hours_sum
    FROM review_daily_account_overview_stats s
    WHERE s.account_id = ${accountId} AND s.day = ANY(${days}::date[])
    UNION ALL
    SELECT w.week, w.kind, w.source_id, w.rating, w.sentiment, w.review_count, w.respondable_count,
      w.responded_count, w.response_count, w.response_hours_sum
    FROM review_weekly_account_overview_stats w
    WHERE w.account_id = ${accountId} AND w.week = ANY(${weeks}::date[])`;
}

/** The overview's cells: the current and the previous period, by bucket (current only), source, rating and sentiment. */
function cellsQuery(accountId: string, timeZone: string, filters: MetricsFilters, granularity: Granularity) {
  const previous = previousPeriod(filters);
  const unit = sql.lit(granularity);
  if (canUseRollup(filters)) {
    const byLocation = filters.locationIds.length > 0 || filters.groupIds.length > 0;
    const category = filters.categories[0];
    const table =
      category === undefined
        ? byLocation
          ? sql`review_daily_stats`
          : sql`review_daily_account_stats`
        : byLocation
          ? sql`review_daily_category_stats`
          : sql`review_daily_account_category_stats`;
    const from = dayOf(filters.from);
    const where: RawBuilder<unknown>[] = [sql`s.account_id = ${accountId}`];
    if (category !== undefined) where.push(sql`s.category = ${category}`);
    where.push(sql`s.day >= ${dayOf(previous.from)}::date`, sql`s.day <= ${dayOf(filters.to)}::date`);
    if (filters.locationIds.length) where.push(sql`s.location_id = ANY(${filters.locationIds}::uuid[])`);
    if (filters.groupIds.length) where.push(sql`s.location_id = ANY(${groupLocations(accountId, filters.groupIds)})`);
    if (filters.sourceIds.length) where.push(sql`s.source_id = ANY(${filters.sourceIds}::uuid[])`);
    if (filters.ratings.length) where.push(sql`s.rating = ANY(${filters.ratings}::smallint[])`);
    if (filters.sentiments.length) where.push(sql`s.sentiment = ANY(${filters.sentiments}::smallint[])`);
    return sql<OverviewCell>`
      SELECT s.day >= ${from}::date AS current,
        CASE WHEN s.day >= ${from}::date THEN date_trunc(${unit}, s.day::timestamp)::date::text END AS bucket,
        s.source_id, s.rating, s.sentiment,
        sum(s.review_count)::int AS review_count, sum(s.respondable_count)::int AS respondable_count,
        sum(s.responded_count)::int AS responded_count, sum(s.response_count)::int AS response_count,
        sum(s.response_hours_sum)::float8 AS response_hours_sum
      FROM ${table} s
      WHERE ${sql.join(where, sql` AND `)}
      GROUP BY 1, 2, 3, 4, 5`;
  }

  const currentFrom = instantOf(filters.from, timeZone, false);
  const where: RawBuilder<unknown>[] = [
    sql`r.account_id = ${accountId}`,
    sql`r.deleted_at_source IS NULL`,
    sql`r.published_at >= ${instantOf(previous.from, timeZone, false)}`,
    sql`r.published_at < ${instantOf(filters.to, timeZone, true)}`,
  ];
  if (filters.locationIds.length) where.push(sql`r.location_id = ANY(${filters.locationIds}::uuid[])`);
  if (filters.groupIds.length) where.push(sql`r.location_id = ANY(${groupLocations(accountId, filters.groupIds)})`);
  if (filters.sourceIds.length) where.push(sql`r.source_id = ANY(${filters.sourceIds}::uuid[])`);
  if (filters.ratings.length) where.push(sql`coalesce(r.rating, 0) = ANY(${filters.ratings}::smallint[])`);
  if (filters.sentiments.length) where.push(sql`r.sentiment = ANY(${filters.sentiments}::smallint[])`);
  if (filters.categories.length) where.push(sql`r.categories && ${filters.categories}::text[]`);
  return sql<OverviewCell>`
    SELECT r.published_at >= ${currentFrom} AS current,
      CASE WHEN r.published_at >= ${currentFrom}
        THEN date_trunc(${unit}, r.published_at AT TIME ZONE ${timeZone})::date::text END AS bucket,
      r.source_id, coalesce(r.rating, 0)::int AS rating, r.sentiment::int AS sentiment,
      count(*)::int AS review_count,
      (count(*) FILTER (WHERE ${respondable()}))::int AS respondable_count,
      (count(*) FILTER (WHERE ${respondable()} AND ${answered()}))::int AS responded_count,
      count(fr.at)::int AS response_count,
      coalesce(sum(greatest(0, extract(epoch FROM fr.at - r.published_at) / 3600.0)), 0)::float8 AS response_hours_sum
    FROM reviews r
    LEFT JOIN LATERAL (
      SELECT min(p.published_at) AS at FROM responses p
      WHERE p.review_id = r.id AND p.status = 'published' AND p.deleted_at IS NULL
    ) fr ON true
    WHERE ${sql.join(where, sql` AND `)}
    GROUP BY 1, 2, 3, 4, 5`;
}

/** When the account's first review was published (All time's start), or null without reviews. */
export async function firstPublishedAt(db: Kysely<DB>, accountId: string): Promise<Date | null> {
  const row = await db
    .selectFrom("reviews")
    .select("published_at")
    .where("account_id", "=", accountId)
    .orderBy("published_at", "asc")
    .limit(1)
    .executeTakeFirst();
  return row?.published_at ? new Date(row.published_at) : null;
}
