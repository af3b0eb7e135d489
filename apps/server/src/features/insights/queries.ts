import type { TKeywordSentiment, TKeywordSort } from "@starboard/contract/insights";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { matchesReviewFilter, publishedWithin, type ReviewFilter } from "../reviews/index.ts";

// The insights' SQL. Two ways to every number, which give the same answer (insights.test.ts checks it):
// - the roll-ups (migration 0015 for keywords, 0008 for categories) when the filter narrows only by
//   their dimensions (whole days, location or group, source, rating; review sentiment for categories);
// - the bare query over the reviews the review list shows for the filter (`matchesReviewFilter`, the
//   list's own WHERE) joined to their mentions, for every other filter (status, type, tags, words, a
//   date-time bound). `npm run bench -- --suite insights` times both.

/** The keyword numbers' scope: the review filter (no categories, no review sentiment) and the mentions asked. */
export interface KeywordScope {
  filter: ReviewFilter;
  /** Keyword categories (lowercase); empty: every category. */
  categories: string[];
  sentiment?: TKeywordSentiment | undefined;
  /** One keyword (detail, reviews). */
  keyword?: string | undefined;
}

/** Whether the keyword roll-ups can answer the filter (only their dimensions, whole days). */
export function keywordsFromRollups(f: ReviewFilter): boolean {
  return (
    (!f.publishedAfter || "day" in f.publishedAfter) &&
    (!f.publishedBefore || "day" in f.publishedBefore) &&
    !f.reviewId &&
    f.statusLabelIds.length === 0 &&
    !f.responded &&
    !f.notResponded &&
    f.respondable === undefined &&
    f.sentiments.length === 0 &&
    f.categories.length === 0 &&
    f.types.length === 0 &&
    f.tagIds.length === 0 &&
    f.tagNames.length === 0 &&
    !f.keywords
  );
}

const groupLocations = (f: ReviewFilter) =>
  sql`(SELECT gl.location_id FROM group_locations gl JOIN groups g ON g.id = gl.group_id
    WHERE gl.group_id = ANY(${sql.val(f.groupIds)}::uuid[]) AND g.account_id = ${f.accountId})`;

/**
 * The one group a filter narrows to when the group roll-ups (migration 0030) can answer it: a single group
 * and no location, source or rating (the group rows have none of those).
 */
function oneGroup(f: ReviewFilter): string | undefined {
  return f.groupIds.length === 1 && !f.locationIds.length && !f.sourceIds.length && !f.ratings.length
    ? f.groupIds[0]
    : undefined;
}

/** The roll-up WHERE of the review filter's dimensions over `s` (whole days only). */
function rollupWhere(f: ReviewFilter, withReviewSentiment: boolean): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`s.account_id = ${f.accountId}`];
  if (f.publishedAfter && "day" in f.publishedAfter) where.push(sql`s.day >= ${f.publishedAfter.day}::date`);
  if (f.publishedBefore && "day" in f.publishedBefore) where.push(sql`s.day <= ${f.publishedBefore.day}::date`);
  if (f.locationIds.length) where.push(sql`s.location_id = ANY(${sql.val(f.locationIds)}::uuid[])`);
  if (f.groupIds.length) where.push(sql`s.location_id IN ${groupLocations(f)}`);
  if (f.sourceIds.length) where.push(sql`s.source_id = ANY(${sql.val(f.sourceIds)}::uuid[])`);
  if (f.ratings.length) where.push(sql`s.rating = ANY(${sql.val(f.ratings)}::smallint[])`);
  if (withReviewSentiment && f.sentiments.length)
    where.push(sql`s.sentiment = ANY(${sql.val(f.sentiments)}::smallint[])`);
  return sql.join(where, sql` AND `);
}

/** The WHERE of one group's category rows (migration 0030): the account, the group, the days, the sentiments. */
function groupWhere(f: ReviewFilter, group: string): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`s.account_id = ${f.accountId}`, sql`s.group_id = ${group}`];
  if (f.publishedAfter && "day" in f.publishedAfter) where.push(sql`s.day >= ${f.publishedAfter.day}::date`);
  if (f.publishedBefore && "day" in f.publishedBefore) where.push(sql`s.day <= ${f.publishedBefore.day}::date`);
  if (f.sentiments.length) where.push(sql`s.sentiment = ANY(${sql.val(f.sentiments)}::smallint[])`);
  return sql.join(where, sql` AND `);
}

/** The ids (and dates) of the reviews the list shows for the filter. */
function listedReviews(db: Kysely<DB>, f: ReviewFilter) {
  return db.selectFrom("reviews as r").where(matchesReviewFilter(f)).select(["r.id", "r.published_at"]);
}

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
function addMonths(first: string, n: number): string {
  const d = new Date(`${first}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * A whole-day period cut into its whole calendar months (`firstMonth` … `lastMonth`, open when the
 * period is) and its partial ends: the days before `headBefore` and from `tailFrom`. Null when the period
 * holds no whole month.
 */
export function splitPeriod(
  f: Pick<ReviewFilter, "publishedAfter" | "publishedBefore">,
): { firstMonth?: string; lastMonth?: string; headBefore?: string; tailFrom?: string } | null {
  const from = f.publishedAfter && "day" in f.publishedAfter ? f.publishedAfter.day : undefined;
  const to = f.publishedBefore && "day" in f.publishedBefore ? f.publishedBefore.day : undefined;
  const firstMonth = from === undefined ? undefined : from.endsWith("-01") ? from : addMonths(firstOfMonth(from), 1);
  let lastMonth: string | undefined;
  if (to !== undefined) {
    const next = addMonths(firstOfMonth(to), 1);
    // `to` is the last day of its month when the next day starts the next month.
    const dayAfter = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    lastMonth = dayAfter === next ? firstOfMonth(to) : addMonths(firstOfMonth(to), -1);
  }
  if (firstMonth !== undefined && lastMonth !== undefined && firstMonth > lastMonth) return null;
  const tailStart = lastMonth === undefined ? undefined : addMonths(lastMonth, 1);
  return {
    firstMonth,
    lastMonth,
    headBefore: from !== undefined && firstMonth !== undefined && from < firstMonth ? firstMonth : undefined,
    tailFrom: tailStart !== undefined && to !== undefined && tailStart <= to ? tailStart : undefined,
  };
}

/**
 * Keyword cells: (keyword, category, month, positive, negative, neutral) counted in reviews, from the
 * roll-ups or the bare query (`bare`), for `scope`. `month` is null unless `byMonth`.
 */
export function keywordCells(
  db: Kysely<DB>,
  scope: KeywordScope,
  opts: { byMonth?: boolean; bare?: boolean } = {},
): RawBuilder<unknown> {
  const f = scope.filter;
  const cats = scope.categories;
  if (!opts.bare && keywordsFromRollups(f)) {
    const byLocation =
      f.locationIds.length > 0 || f.groupIds.length > 0 || f.sourceIds.length > 0 || f.ratings.length > 0;
    const where = [rollupWhere(f, false)];
    if (scope.keyword !== undefined) where.push(sql`s.keyword = ${scope.keyword}`);
    if (cats.length) where.push(sql`s.category = ANY(${sql.val(cats)}::text[])`);
    const month = opts.byMonth ? sql`date_trunc('month', s.day)::date` : sql`NULL::date`;
    const daily = (table: RawBuilder<unknown>, extra: RawBuilder<unknown>[]) => sql`
      SELECT s.keyword, s.category, ${month} AS month, sum(s.positive_count)::int AS positive,
        sum(s.negative_count)::int AS negative, sum(s.neutral_count)::int AS neutral
      FROM ${table} s WHERE ${sql.join([...where, ...extra], sql` AND `)}
      GROUP BY 1, 2, 3`;
    const group = oneGroup(f);
    if (byLocation && !group) return daily(sql`keyword_daily_stats`, []);
    // The account, or one group (migration 0030): whole months from the monthly rows, the partial first
    // and last months by day.
    const owner = group
      ? sql`s.account_id = ${f.accountId} AND s.group_id = ${group}`
      : sql`s.account_id = ${f.accountId}`;
    const dailyTable = group ? sql`keyword_daily_group_stats` : sql`keyword_daily_account_stats`;
    const monthlyTable = group ? sql`keyword_monthly_group_stats` : sql`keyword_monthly_account_stats`;
    const ownWhere = [owner];
    if (f.publishedAfter && "day" in f.publishedAfter) ownWhere.push(sql`s.day >= ${f.publishedAfter.day}::date`);
    if (f.publishedBefore && "day" in f.publishedBefore) ownWhere.push(sql`s.day <= ${f.publishedBefore.day}::date`);
    if (scope.keyword !== undefined) ownWhere.push(sql`s.keyword = ${scope.keyword}`);
    if (cats.length) ownWhere.push(sql`s.category = ANY(${sql.val(cats)}::text[])`);
    const ownDaily = (extra: RawBuilder<unknown>[]) => sql`
      SELECT s.keyword, s.category, ${month} AS month, sum(s.positive_count)::int AS positive,
        sum(s.negative_count)::int AS negative, sum(s.neutral_count)::int AS neutral
      FROM ${dailyTable} s WHERE ${sql.join([...ownWhere, ...extra], sql` AND `)}
      GROUP BY 1, 2, 3`;
    const split = splitPeriod(f);
    if (!split) return ownDaily([]);
    const monthWhere: RawBuilder<unknown>[] = [owner];
    if (split.firstMonth) monthWhere.push(sql`s.month >= ${split.firstMonth}::date`);
    if (split.lastMonth) monthWhere.push(sql`s.month <= ${split.lastMonth}::date`);
    if (scope.keyword !== undefined) monthWhere.push(sql`s.keyword = ${scope.keyword}`);
    if (cats.length) monthWhere.push(sql`s.category = ANY(${sql.val(cats)}::text[])`);
    const parts = [
      sql`SELECT s.keyword, s.category, ${opts.byMonth ? sql`s.month` : sql`NULL::date`} AS month,
          sum(s.positive_count)::int AS positive, sum(s.negative_count)::int AS negative,
          sum(s.neutral_count)::int AS neutral
        FROM ${monthlyTable} s WHERE ${sql.join(monthWhere, sql` AND `)}
        GROUP BY 1, 2, 3`,
    ];
    if (split.headBefore) parts.push(ownDaily([sql`s.day < ${split.headBefore}::date`]));
    if (split.tailFrom) parts.push(ownDaily([sql`s.day >= ${split.tailFrom}::date`]));
    return sql`SELECT keyword, category, month, sum(positive)::int AS positive, sum(negative)::int AS negative,
        sum(neutral)::int AS neutral
      FROM (${sql.join(parts, sql` UNION ALL `)}) u GROUP BY 1, 2, 3`;
  }
  const month = opts.byMonth
    ? sql`date_trunc('month', r.published_at AT TIME ZONE ${f.timeZone})::date`
    : sql`NULL::date`;
  const inner = scope.keyword !== undefined ? sql`AND rm.keyword = ${scope.keyword}` : sql``;
  const where = cats.length ? sql`WHERE k.category = ANY(${sql.val(cats)}::text[])` : sql``;
  return sql`SELECT k.keyword, k.category, ${month} AS month,
      (count(*) FILTER (WHERE k.positive))::int AS positive,
      (count(*) FILTER (WHERE k.negative))::int AS negative,
      (count(*) FILTER (WHERE NOT k.positive AND NOT k.negative))::int AS neutral
    FROM (${listedReviews(db, f)}) r
    CROSS JOIN LATERAL (
      SELECT rm.keyword, min(coalesce(rm.category, '')) AS category,
        bool_or(rm.sentiment = 'positive') AS positive, bool_or(rm.sentiment = 'negative') AS negative
      FROM review_mentions rm WHERE rm.review_id = r.id ${inner} GROUP BY rm.keyword
    ) k
    ${where}
    GROUP BY 1, 2, 3`;
}

/** The counts a keyword is listed with: only the asked sentiment's when one is asked. */
function countsOf(sentiment: TKeywordSentiment | undefined) {
  const positive = sentiment === "negative" ? sql`0` : sql`sum(c.positive)`;
  const negative = sentiment === "positive" ? sql`0` : sql`sum(c.negative)`;
  return { positive, negative };
}

/** ORDER BY of a keyword sort over the aggregated columns p (positive) and n (negative). */
function orderOf(sort: TKeywordSort, order: "asc" | "desc"): RawBuilder<unknown> {
  const dir = sql.raw(order === "asc" ? "ASC" : "DESC");
  const volume = sql`(p + n)`;
  const ratio = (x: RawBuilder<unknown>) => sql`(${x}::float8 / greatest(p + n, 1))`;
  const keys: Record<TKeywordSort, RawBuilder<unknown>[]> = {
    highest_volume: [volume],
    // Many reviews on each side: the smaller side, then the volume.
    controversy: [sql`least(p, n)`, volume],
    positive_ratio: [ratio(sql`p`), volume],
    negative_ratio: [ratio(sql`n`), volume],
  };
  return sql.join([...keys[sort].map((k) => sql`${k} ${dir}`), sql`keyword ASC`], sql`, `);
}

export interface KeywordRow {
  keyword: string;
  category: string;
  p: number;
  n: number;
  total: number;
}

/** A page of keywords with their counts, sorted; `total` is the number of keywords. */
export async function selectKeywords(
  db: Kysely<DB>,
  scope: KeywordScope,
  page: { sort: TKeywordSort; order: "asc" | "desc"; limit: number; offset: number; bare?: boolean },
): Promise<KeywordRow[]> {
  const { positive, negative } = countsOf(scope.sentiment);
  const cells = keywordCells(db, scope, { bare: page.bare ?? false });
  const { rows } = await sql<KeywordRow>`
    SELECT keyword, category, p, n, count(*) OVER ()::int AS total FROM (
      SELECT c.keyword, min(c.category) AS category, (${positive})::int AS p, (${negative})::int AS n
      FROM (${cells}) c
      GROUP BY c.keyword
    ) k
    WHERE p + n > 0
    ORDER BY ${orderOf(page.sort, page.order)}
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  return rows;
}

/** Whether the query has a further page beyond an empty one (the total when the page is past the end). */
export async function countKeywords(db: Kysely<DB>, scope: KeywordScope, bare = false): Promise<number> {
  const { positive, negative } = countsOf(scope.sentiment);
  const { rows } = await sql<{ total: number }>`
    SELECT count(*)::int AS total FROM (
      SELECT (${positive})::int AS p, (${negative})::int AS n FROM (${keywordCells(db, scope, { bare })}) c
      GROUP BY c.keyword
    ) k WHERE p + n > 0`.execute(db);
  return rows[0]?.total ?? 0;
}

export interface MonthCell {
  category: string;
  month: string;
  positive: number;
  negative: number;
  neutral: number;
}

/** One keyword's counts per month (and category). */
export async function selectKeywordMonths(db: Kysely<DB>, scope: KeywordScope, bare = false): Promise<MonthCell[]> {
  const { rows } = await sql<MonthCell>`
    SELECT c.category, to_char(c.month, 'YYYY-MM-DD') AS month, sum(c.positive)::int AS positive,
      sum(c.negative)::int AS negative, sum(c.neutral)::int AS neutral
    FROM (${keywordCells(db, scope, { byMonth: true, bare })}) c
    GROUP BY 1, 2 ORDER BY 2`.execute(db);
  return rows;
}

export interface KeywordReviewRow {
  id: string;
  title: string | null;
  content: string | null;
  rating: number | null;
  author_name: string | null;
  published_at: Date;
  location_id: string;
  location_name: string | null;
  source_name: string | null;
  positive: boolean;
  negative: boolean;
  positive_mentions: number;
  negative_mentions: number;
  total: number;
}

/**
 * The reviews of the filter that mention the keyword (as its counts count them), newest first. The
 * statement starts from the keyword's mentions in the period (the index (account_id, keyword,
 * published_at) of 0015; a mention keeps its review's `published_at`), summed per review, and reads only
 * those reviews: at 1,000,000 reviews a keyword's few thousand instead of every review of the period
 * probed for the keyword (5.4 s to about 0.9 s cold on PostgreSQL).
 */
export async function selectKeywordReviews(
  db: Kysely<DB>,
  scope: KeywordScope & { keyword: string },
  page: { limit: number; offset: number },
): Promise<KeywordReviewRow[]> {
  const f = scope.filter;
  const where: RawBuilder<unknown>[] = [sql`true`];
  if (scope.categories.length) where.push(sql`k.category = ANY(${sql.val(scope.categories)}::text[])`);
  if (scope.sentiment === "positive") where.push(sql`k.positive`);
  if (scope.sentiment === "negative") where.push(sql`k.negative`);
  const listed = db
    .selectFrom("reviews as r")
    .where(matchesReviewFilter(f))
    .select([
      "r.id",
      "r.title",
      "r.content",
      "r.rating",
      "r.author_name",
      "r.published_at",
      "r.location_id",
      "r.source_id",
    ]);
  const mentions = [
    sql`m.account_id = ${f.accountId}`,
    sql`m.keyword = ${scope.keyword}`,
    ...publishedWithin(f, sql`m.published_at`),
  ];
  const { rows } = await sql<KeywordReviewRow>`
    SELECT r.id, r.title, r.content, r.rating, r.author_name, r.published_at, r.location_id,
      l.name AS location_name, so.name AS source_name, k.positive, k.negative,
      k.positive_mentions, k.negative_mentions, count(*) OVER ()::int AS total
    FROM (
      SELECT m.review_id, min(coalesce(m.category, '')) AS category,
        bool_or(m.sentiment = 'positive') AS positive, bool_or(m.sentiment = 'negative') AS negative,
        (count(*) FILTER (WHERE m.sentiment = 'positive'))::int AS positive_mentions,
        (count(*) FILTER (WHERE m.sentiment = 'negative'))::int AS negative_mentions
      FROM review_mentions m WHERE ${sql.join(mentions, sql` AND `)}
      GROUP BY m.review_id
    ) k
    JOIN (${listed}) r ON r.id = k.review_id
    LEFT JOIN locations l ON l.id = r.location_id
    LEFT JOIN sources so ON so.id = r.source_id
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY r.published_at DESC, r.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  return rows;
}

/** The number of reviews `selectKeywordReviews` pages through (for a page past the end). */
export async function countKeywordReviews(db: Kysely<DB>, scope: KeywordScope & { keyword: string }): Promise<number> {
  const rows = await selectKeywordReviews(db, scope, { limit: 1, offset: 0 });
  return rows[0]?.total ?? 0;
}

export interface CategoryCell {
  category: string;
  month: string;
  total: number;
  positive: number;
  negative: number;
}

/** Whether the category roll-ups (migration 0008) can answer the filter. */
export function categoriesFromRollups(f: ReviewFilter): boolean {
  return keywordsFromRollups({ ...f, sentiments: [], categories: [] });
}

/**
 * Reviews per (category, month) for the filter: total, positive (sentiment 1) and negative (-1). A review
 * counts once in each of its categories, as `/api/reviews?category=` counts it. The filter's categories
 * choose the categories counted (they do not narrow the reviews of the others).
 */
export async function selectCategoryCells(db: Kysely<DB>, f: ReviewFilter, bare = false): Promise<CategoryCell[]> {
  const cats = f.categories;
  const rest: ReviewFilter = { ...f, categories: [] };
  const month = sql`to_char(date_trunc('month', r.published_at AT TIME ZONE ${f.timeZone}), 'YYYY-MM-DD')`;
  const catWhere = cats.length ? sql`AND c.category = ANY(${sql.val(cats)}::text[])` : sql``;
  const listedWithColumns = (deletedAtSource?: boolean) => {
    let q = db
      .selectFrom("reviews as r")
      .where(matchesReviewFilter(rest))
      .select(["r.id", "r.published_at", "r.sentiment", "r.categories"]);
    if (deletedAtSource) q = q.where("r.deleted_at_source", "is not", null);
    return q;
  };
  const fromReviews = (reviews: ReturnType<typeof listedWithColumns>) => sql<CategoryCell>`
    SELECT c.category, ${month} AS month, count(*)::int AS total,
      (count(*) FILTER (WHERE r.sentiment = 1))::int AS positive,
      (count(*) FILTER (WHERE r.sentiment = -1))::int AS negative
    FROM (${reviews}) r
    CROSS JOIN LATERAL unnest(r.categories) WITH ORDINALITY AS c(category, n)
    WHERE c.category IS NOT NULL AND array_position(r.categories, c.category) = c.n ${catWhere}
    GROUP BY 1, 2`;
  if (bare || !categoriesFromRollups(f)) {
    const { rows } = await fromReviews(listedWithColumns()).execute(db);
    return rows;
  }
  const byLocation = f.locationIds.length > 0 || f.groupIds.length > 0;
  const group = oneGroup(f);
  const table = group
    ? sql`review_daily_group_category_stats`
    : byLocation
      ? sql`review_daily_category_stats`
      : sql`review_daily_account_category_stats`;
  const where = group ? [groupWhere(rest, group)] : [rollupWhere(rest, true)];
  if (cats.length) where.push(sql`s.category = ANY(${sql.val(cats)}::text[])`);
  // The roll-ups leave out the reviews deleted at the source, which the list shows: added from reviews.
  const { rows } = await sql<CategoryCell>`
    SELECT category, month, sum(total)::int AS total, sum(positive)::int AS positive, sum(negative)::int AS negative
    FROM (
      SELECT s.category, to_char(date_trunc('month', s.day), 'YYYY-MM-DD') AS month,
        sum(s.review_count)::int AS total,
        (sum(s.review_count) FILTER (WHERE s.sentiment = 1))::int AS positive,
        (sum(s.review_count) FILTER (WHERE s.sentiment = -1))::int AS negative
      FROM ${table} s WHERE ${sql.join(where, sql` AND `)}
      GROUP BY 1, 2
      UNION ALL
      ${fromReviews(listedWithColumns(true))}
    ) x
    GROUP BY 1, 2`.execute(db);
  return rows.map((r) => ({ ...r, positive: r.positive ?? 0, negative: r.negative ?? 0 }));
}

/** A review's mentions. */
export async function selectReviewMentions(db: Kysely<DB>, reviewId: string) {
  return db
    .selectFrom("review_mentions")
    .select(["keyword", "category", "sentiment"])
    .where("review_id", "=", reviewId)
    .orderBy("keyword")
    .execute();
}

export async function accountVertical(db: Kysely<DB>, accountId: string): Promise<string> {
  const row = await db.selectFrom("accounts").select("vertical").where("id", "=", accountId).executeTakeFirst();
  return row?.vertical ?? "other";
}

// ---- Re-analysis runs ----

export function findRun(db: Kysely<DB>, id: string) {
  return db.selectFrom("analysis_runs").selectAll().where("id", "=", id).executeTakeFirst();
}

export function latestRun(db: Kysely<DB>, accountId: string) {
  return db
    .selectFrom("analysis_runs")
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function openRun(db: Kysely<DB>, accountId: string) {
  return db
    .selectFrom("analysis_runs")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("status", "in", ["queued", "running"])
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Accounts with a review analysed by another model version than `version`, or by an unrecorded one
 * (NULL): three range reads per account on reviews(account_id, analysis_version).
 */
export async function accountsAnalysedOtherwise(db: Kysely<DB>, version: string, accountId?: string) {
  const { rows } = await sql<{ id: string }>`
    SELECT a.id FROM accounts a
    WHERE ${accountId === undefined ? sql`true` : sql`a.id = ${accountId}`}
      AND (EXISTS (SELECT 1 FROM reviews r WHERE r.account_id = a.id AND r.analysis_version IS NULL)
        OR EXISTS (SELECT 1 FROM reviews r WHERE r.account_id = a.id AND r.analysis_version < ${version})
        OR EXISTS (SELECT 1 FROM reviews r WHERE r.account_id = a.id AND r.analysis_version > ${version}))
    ORDER BY a.id`.execute(db);
  return rows.map((r) => r.id);
}

/** The next batch of an account's reviews after `afterId`, in id order. */
export function reviewBatch(db: Kysely<DB>, accountId: string, afterId: string | null, limit: number) {
  let q = db
    .selectFrom("reviews")
    .select(["id", "location_id", "source_id", "published_at", "title", "content", "rating", "recommendation"])
    .where("account_id", "=", accountId)
    .orderBy("id")
    .limit(limit);
  if (afterId) q = q.where("id", ">", afterId);
  return q.execute();
}

export async function countAccountReviews(db: Kysely<DB>, accountId: string): Promise<number> {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
