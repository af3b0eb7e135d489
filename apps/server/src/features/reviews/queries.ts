import { ANSWERED_RESPONSE_STATUSES } from "@starboard/contract/review-answered";
import type { TReviewType } from "@starboard/contract/review-filter";
import {
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  sql,
} from "kysely";
import { PLAN_EACH_CALL } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { answered, respondable } from "./answered.ts";
import { CONNECTOR_SOURCE_CODES } from "./connectors/registry.ts";
import { type Bound, type ReviewFilter, reviewFilter as reviewFilterOf } from "./filter.ts";

/**
 * The review list's SQL. Every query starts from `reviews r` with `r.account_id = $account`, ordered by
 * the sort keys then `r.id`, so that the default sort walks the index (account_id, published_at DESC,
 * id DESC) of 0003 (or (location_id, published_at DESC, id DESC) when one location is asked for), and
 * cursor pages are row comparisons on those keys: `(r.published_at, r.id) < ($ts, $id)`.
 */

type ReviewsFrom = DB & { r: DB["reviews"] };
type Eb = ExpressionBuilder<ReviewsFrom, "r">;

/** Response states in which the response shows at the source: answered (contract review-answered.ts). */
export const VISIBLE_RESPONSE_STATUSES = ANSWERED_RESPONSE_STATUSES;

/** Must match the expression indexed by migration 0004_reviews_search, and counted by the search roll-up (0036). */
export const reviewSearchVector = sql`to_tsvector('english'::regconfig, coalesce(r.title, '') || ' ' || coalesce(r.content, '') || ' ' || coalesce(r.author_name, ''))`;

/**
 * A statement with `keywords` (or one that holds it as a subquery) planned on every call (PLAN_EACH_CALL): its
 * best plan depends on how many reviews hold the words, which a generic plan cannot know. At 100,000 reviews,
 * six months of `cold` (one review in five) took 97 ms on the generic plan PostgreSQL settled on after five
 * calls (it took the words for rare and joined every match before sorting) and 3 ms planned with the words (it
 * walks the date index to 26 matches).
 */
function plannedForKeywords<Q extends { modifyEnd(modifier: Expression<unknown>): Q }>(qb: Q, f: ReviewFilter): Q {
  return f.keywords ? qb.modifyEnd(sql.raw(PLAN_EACH_CALL)) : qb;
}

/** Midnight at the start of a calendar date in a time zone, as timestamptz. */
const startOfDay = (date: string, tz: string) => sql<Date>`((${date}::date)::timestamp AT TIME ZONE ${tz})`;
const startOfNextDay = (date: string, tz: string) => sql<Date>`((${date}::date + 1)::timestamp AT TIME ZONE ${tz})`;
const instantOf = (instant: Date) => sql<Date>`${instant.toISOString()}::timestamptz`;
/** The first instant a `from` bound takes in. */
const fromInstant = (b: Bound, tz: string) => ("day" in b ? startOfDay(b.day, tz) : instantOf(b.instant));
/** The first instant past a `to` bound (a day's end, or the instant itself: excluded). */
const toInstant = (b: Bound, tz: string) => ("day" in b ? startOfNextDay(b.day, tz) : instantOf(b.instant));

/**
 * The filter's published range as conditions on another column holding a review's `published_at` (a
 * mention's copy of it, say): what `r.published_at` is held to, for a statement that narrows by it first.
 */
export function publishedWithin(
  f: Pick<ReviewFilter, "publishedAfter" | "publishedBefore" | "timeZone">,
  column: RawBuilder<unknown>,
) {
  const and: RawBuilder<SqlBool>[] = [];
  if (f.publishedAfter) and.push(sql<SqlBool>`${column} >= ${fromInstant(f.publishedAfter, f.timeZone)}`);
  if (f.publishedBefore) and.push(sql<SqlBool>`${column} < ${toInstant(f.publishedBefore, f.timeZone)}`);
  return and;
}

function typeCondition(eb: Eb, type: TReviewType): Expression<SqlBool> {
  switch (type) {
    case "with_text":
      return sql<SqlBool>`coalesce(btrim(r.content), '') <> ''`;
    case "rating_only":
      return sql<SqlBool>`coalesce(btrim(r.content), '') = ''`;
    case "with_images":
      return eb("r.images_count", ">", 0);
    // The same "answered" as Status "Responded" (contract review-answered.ts).
    case "with_response":
      return answered();
    case "without_response":
      return sql<SqlBool>`NOT ${answered()}`;
  }
}

/**
 * The locations of the filter's groups (in the filter's account) as an array, for the roll-ups:
 * `location_id = ANY(ARRAY(...))` runs the sub-select once and then probes their primary key by location,
 * where `IN (SELECT ...)` lets the planner read every row of the account in the range and filter.
 */
function groupLocations(f: ReviewFilter) {
  return sql<string[]>`ARRAY(SELECT gl.location_id FROM group_locations gl JOIN groups g ON g.id = gl.group_id
    WHERE gl.group_id = ANY(${sql.val(f.groupIds)}::uuid[]) AND g.account_id = ${f.accountId})`;
}

/**
 * The one WHERE of a review filter over `reviews r` (the list, its count, and any feature that narrows
 * reviews by the filter): every filter ANDed, the values of one filter ORed.
 */
export function reviewWhere(eb: Eb, f: ReviewFilter): Expression<SqlBool> {
  const and: Expression<SqlBool>[] = [eb("r.account_id", "=", f.accountId)];
  if (f.reviewId) and.push(eb("r.id", "=", f.reviewId));
  if (f.publishedAfter) and.push(eb("r.published_at", ">=", fromInstant(f.publishedAfter, f.timeZone)));
  if (f.publishedBefore) and.push(eb("r.published_at", "<", toInstant(f.publishedBefore, f.timeZone)));
  if (f.locationIds.length) and.push(eb("r.location_id", "in", f.locationIds));
  if (f.groupIds.length) {
    // A semi-join: the page walks the account's (published_at, id) index and drops other locations.
    and.push(
      eb(
        "r.location_id",
        "in",
        eb
          .selectFrom("group_locations as gl")
          .innerJoin("groups as g", "g.id", "gl.group_id")
          .select("gl.location_id")
          .where("gl.group_id", "in", f.groupIds)
          .where("g.account_id", "=", f.accountId),
      ),
    );
  }
  if (f.sourceIds.length) and.push(eb("r.source_id", "in", f.sourceIds));
  if (f.ratings.length) {
    const stars = f.ratings.filter((r) => r > 0);
    const or: Expression<SqlBool>[] = [];
    if (stars.length) or.push(eb("r.rating", "in", stars));
    if (f.ratings.includes(0)) or.push(eb.or([eb("r.rating", "is", null), eb("r.rating", "=", 0)]));
    and.push(eb.or(or));
  }
  if (f.statusLabelIds.length || f.responded || f.notResponded) {
    const or: Expression<SqlBool>[] = [];
    if (f.statusLabelIds.length) or.push(eb("r.status_label_id", "in", f.statusLabelIds));
    if (f.responded) or.push(answered());
    if (f.notResponded) or.push(sql<SqlBool>`NOT ${answered()}`);
    and.push(eb.or(or));
  }
  if (f.respondable !== undefined) and.push(f.respondable ? respondable() : sql<SqlBool>`NOT ${respondable()}`);
  if (f.assignedUserIds.length || f.unassigned) {
    const or: Expression<SqlBool>[] = [];
    if (f.assignedUserIds.length) or.push(eb("r.assigned_user_id", "in", f.assignedUserIds));
    if (f.unassigned) or.push(eb("r.assigned_user_id", "is", null));
    and.push(eb.or(or));
  }
  if (f.sentiments.length) and.push(eb("r.sentiment", "in", f.sentiments));
  if (f.categories.length) and.push(sql<SqlBool>`r.categories && ${sql.val(f.categories)}::text[]`);
  if (f.types.length) and.push(eb.or(f.types.map((t) => typeCondition(eb, t))));
  if (f.tagIds.length || f.tagNames.length) {
    and.push(
      eb.exists(
        eb
          .selectFrom("review_tags as rt")
          .select(sql`1`.as("one"))
          .whereRef("rt.review_id", "=", "r.id")
          .where((t) => {
            const or: Expression<SqlBool>[] = [];
            if (f.tagIds.length) or.push(t("rt.tag_id", "in", f.tagIds));
            if (f.tagNames.length)
              or.push(
                t(
                  sql`lower(rt.name)`,
                  "in",
                  f.tagNames.map((n) => n.toLowerCase()),
                ),
              );
            return t.or(or);
          }),
      ),
    );
  }
  if (f.keywords) and.push(sql<SqlBool>`${reviewSearchVector} @@ websearch_to_tsquery('english', ${f.keywords})`);
  return eb.and(and);
}

/**
 * The filter as a `where` callback for a query that reads `reviews as r` (joins allowed):
 * `db.selectFrom("reviews as r").where(matchesReviewFilter(filter))`.
 */
export function matchesReviewFilter(f: ReviewFilter) {
  return <D, T extends keyof D>(eb: ExpressionBuilder<D, T>): Expression<SqlBool> =>
    reviewWhere(eb as unknown as Eb, f);
}

// --- Sorting and cursors ------------------------------------------------------------------------

type KeyKind = "timestamp" | "uuid" | "int";
interface SortKey {
  /** The key in SQL, for ORDER BY and the row comparison. */
  expr: RawBuilder<unknown>;
  /** The key as text for the cursor (timestamps to the microsecond, in UTC). */
  text: RawBuilder<string>;
  kind: KeyKind;
}

const tsText = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const ID_KEY: SortKey = { expr: sql`r.id`, text: sql<string>`r.id::text`, kind: "uuid" };
const PUBLISHED_KEY: SortKey = { expr: sql`r.published_at`, text: tsText("r.published_at"), kind: "timestamp" };

/** The keys each sort orders by; all in the same direction, so one row comparison pages them. */
export const SORT_KEYS: Record<string, SortKey[]> = {
  published_at: [PUBLISHED_KEY, ID_KEY],
  first_seen_at: [{ expr: sql`r.first_seen_at`, text: tsText("r.first_seen_at"), kind: "timestamp" }, ID_KEY],
  created_at: [{ expr: sql`r.created_at`, text: tsText("r.created_at"), kind: "timestamp" }, ID_KEY],
  updated_at: [{ expr: sql`r.updated_at`, text: tsText("r.updated_at"), kind: "timestamp" }, ID_KEY],
  // Reviews without stars sort below one star.
  rating: [
    { expr: sql`coalesce(r.rating, -1)`, text: sql<string>`coalesce(r.rating, -1)::text`, kind: "int" },
    PUBLISHED_KEY,
    ID_KEY,
  ],
};

const KEY_PATTERNS: Record<KeyKind, RegExp> = {
  timestamp: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  int: /^-?\d{1,3}$/,
};

/** Whether cursor values fit the sort's keys (so that a forged cursor is a 400, never a 500). */
export function cursorValuesValid(sort: string, values: string[]): boolean {
  const keys = SORT_KEYS[sort];
  return Boolean(keys && keys.length === values.length && keys.every((k, i) => KEY_PATTERNS[k.kind].test(values[i]!)));
}

function castValue(value: string, kind: KeyKind) {
  if (kind === "timestamp") return sql`${value}::timestamptz`;
  if (kind === "uuid") return sql`${value}::uuid`;
  return sql`${Number(value)}::int`;
}

/** `(keys) op (values)` */
function compare(keys: SortKey[], op: "<" | ">" | "<=" | ">=", values: string[]) {
  return sql<SqlBool>`(${sql.join(keys.map((k) => k.expr))}) ${sql.raw(op)} (${sql.join(
    keys.map((k, i) => castValue(values[i]!, k.kind)),
  )})`;
}

export interface PageSpec {
  sort: string;
  order: "asc" | "desc";
  limit: number;
  /** Offset paging (page mode). */
  offset?: number;
  /** Rows after this position in list order (`after`), or before it (`before`, read backwards). */
  cursor?: { direction: "after" | "before"; values: string[] };
}

export type ReviewListRow = Awaited<ReturnType<typeof selectReviewPage>>[number];

/** A tag of a review as the page statement gathers it (JSON). */
export interface ReviewTagJson {
  tag_id: string;
  name: string;
}
/** An image of a review as the page statement gathers it (JSON). */
export interface ReviewImageJson {
  id: string;
  name: string | null;
  url: string;
  cdn_url: string | null;
  low_resolution_url: string | null;
  cdn_low_resolution_url: string | null;
}
/** The current response of a review as the page statement gathers it (JSON: `published_at` is ISO text with offset). */
export interface ReviewResponseJson {
  id: string;
  status: string;
  status_description: string | null;
  published_at: string | null;
  content: string;
  read_only: boolean;
  from_source: boolean;
}

/** The review's tags in name order, as `selectTagsFor` reads them; `[]` when none. */
const tagsJson = sql<
  ReviewTagJson[]
>`coalesce((SELECT json_agg(json_build_object('tag_id', t.tag_id, 'name', t.name) ORDER BY t.name)
  FROM review_tags t WHERE t.review_id = r.id), '[]'::json)`;
/** The review's images in position order, as `selectImagesFor` reads them; `[]` when none. */
const imagesJson = sql<
  ReviewImageJson[]
>`coalesce((SELECT json_agg(json_build_object('id', i.id, 'name', i.name, 'url', i.url,
  'cdn_url', i.cdn_url, 'low_resolution_url', i.low_resolution_url, 'cdn_low_resolution_url', i.cdn_low_resolution_url)
  ORDER BY i.position) FROM review_images i WHERE i.review_id = r.id), '[]'::json)`;
/** The review's current response (the newest not deleted), as `selectCurrentResponsesFor` reads it; null when none. */
const responseJson = sql<ReviewResponseJson | null>`(SELECT json_build_object('id', p.id, 'status', p.status,
  'status_description', p.status_description, 'published_at', p.published_at, 'content', p.content,
  'read_only', p.read_only, 'from_source', p.from_source)
  FROM responses p WHERE p.review_id = r.id AND p.deleted_at IS NULL ORDER BY p.created_at DESC LIMIT 1)`;

/**
 * One page of reviews with their location, source, status label and what hangs off each review (tags, images, current response) as JSON: one statement.
 */
export async function selectReviewPage(db: Kysely<DB>, f: ReviewFilter, page: PageSpec) {
  const rows = await reviewPageQuery(db, f, page).execute();
  return page.cursor?.direction === "before" ? rows.reverse() : rows;
}

/** The text and values `selectReviewPage` sends for this page (to look at its plan). */
export function compileReviewPage(db: Kysely<DB>, f: ReviewFilter, page: PageSpec): CompiledQuery<unknown> {
  return reviewPageQuery(db, f, page).compile();
}

/**
 * The ids of one page of reviews and their sort keys (`cursor_values`), in list order (a `before` cursor's page
 * too): what `selectReviewPage` reads first, without the reviews' columns or anything that hangs off them. The
 * list answers from this when it holds every one of the page's reviews already (service.ts, `pageReviews`).
 */
export async function selectReviewPageKeys(
  db: Kysely<DB>,
  f: ReviewFilter,
  page: PageSpec,
): Promise<{ id: string; cursor_values: string[] }[]> {
  const rows = await plannedForKeywords(
    pageOfReviewsTable(db, f, page).select(["r.id", cursorValuesOf(page.sort).as("cursor_values")]),
    f,
  ).execute();
  return page.cursor?.direction === "before" ? rows.reverse() : rows;
}

/**
 * The sort keys of a review as text: what its cursor carries. A JSON array, not a text[]: the driver reads JSON
 * with JSON.parse, while it reads a PostgreSQL array character by character in JavaScript (5% of a list call's
 * time under load, when every call reads a page's keys).
 */
function cursorValuesOf(sort: string) {
  const keys = SORT_KEYS[sort] ?? SORT_KEYS.published_at!;
  return sql<string[]>`json_build_array(${sql.join(keys.map((k) => k.text))})`;
}

/**
 * The page's reviews from `reviews` alone, not yet selecting anything: the filter, the sort keys and the cursor
 * read no other table. In list order, reversed for a `before` cursor (read backwards from it).
 */
function pageOfReviewsTable(db: Kysely<DB>, f: ReviewFilter, page: PageSpec) {
  const keys = SORT_KEYS[page.sort] ?? SORT_KEYS.published_at!;
  const backwards = page.cursor?.direction === "before";
  const order = backwards ? (page.order === "desc" ? "asc" : "desc") : page.order;
  let qb = db.selectFrom("reviews as r").where(matchesReviewFilter(f));
  if (page.cursor) {
    const op = order === "desc" ? "<" : ">";
    qb = qb.where(compare(keys, op, page.cursor.values));
  }
  for (const k of keys) qb = qb.orderBy(k.expr, order);
  qb = qb.limit(page.limit);
  if (page.offset) qb = qb.offset(page.offset);
  return qb;
}

/** The statement of `selectReviewPage` (a `before` cursor's page comes from it in reverse order). */
function reviewPageQuery(db: Kysely<DB>, f: ReviewFilter, page: PageSpec) {
  const keys = SORT_KEYS[page.sort] ?? SORT_KEYS.published_at!;
  const backwards = page.cursor?.direction === "before";
  const order = backwards ? (page.order === "desc" ? "asc" : "desc") : page.order;
  const qb = pageOfReviewsTable(db, f, page).selectAll("r").select(cursorValuesOf(page.sort).as("cursor_values"));
  // The page as a derived table, so that what hangs off a review is read for the page's rows only (the rows an
  // OFFSET skips would otherwise run the sub-selects too), in the same order. Its joins too: every review has
  // its location and source (NOT NULL references), so they narrow nothing, and joined to the page alone they
  // leave the planner one table to weigh for the page. Joined inside it, PostgreSQL planned the statement anew
  // on every call on the demo (1.2-1.8 ms, more than running it), and on a smaller account kept a plan that read
  // and sorted the whole range; now it keeps one plan that walks the date index under the limit
  // (list-plan.test.ts; decision 005, stop 32).
  // The location is read by its key for each of the page's rows (a lateral sub-select that OFFSET 0 keeps from
  // being flattened into a join): joined, the plan PostgreSQL keeps hashed every location of every account first
  // (0.3 of the statement's 1.1 ms with 2,000 locations; decision 005, stop 37).
  let outer = db
    .selectFrom(qb.as("r"))
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("locations as l0")
          .select(["l0.name", "l0.address", "l0.city", "l0.state"])
          .whereRef("l0.id", "=", "r.location_id")
          .modifyEnd(sql`OFFSET 0`)
          .as("l"),
      (join) => join.onTrue(),
    )
    .innerJoin("sources as s", "s.id", "r.source_id")
    .leftJoin("review_status_labels as sl", "sl.id", "r.status_label_id")
    .leftJoin("users as au", "au.id", "r.assigned_user_id")
    .selectAll("r")
    .select([
      "l.name as location_name",
      "l.address as location_address",
      "l.city as location_city",
      "l.state as location_state",
      "s.code as source_code",
      "s.name as source_name",
      "s.logo_url as source_logo_url",
      // A demo connection: a sandbox account's source connected (credentials) and read through a connector,
      // which reaches only the built-in sandbox (features/sandboxes).
      sql<boolean>`s.code IN (${sql.join(CONNECTOR_SOURCE_CODES)})
        AND EXISTS (SELECT 1 FROM sandbox_accounts sa WHERE sa.account_id = r.account_id)
        AND EXISTS (SELECT 1 FROM source_credentials sc WHERE sc.account_id = r.account_id AND sc.source_id = r.source_id)`.as(
        "source_sandbox",
      ),
      "s.supports_responses as source_supports_responses",
      "s.response_char_limit as source_response_char_limit",
      "sl.name as status_label_name",
      "sl.color as status_label_color",
      "au.name as assigned_user_name",
      tagsJson.as("tags"),
      imagesJson.as("images"),
      responseJson.as("response"),
    ]);
  for (const k of keys) outer = outer.orderBy(k.expr, order);
  return plannedForKeywords(outer, f);
}

/**
 * The number of reviews the filters match and, with a cursor, how many of them come before (or at)
 * the cursor in list order, which gives the page number. One query.
 */
export async function countReviews(
  db: Kysely<DB>,
  f: ReviewFilter,
  sort: string,
  order: "asc" | "desc",
  cursor?: { direction: "after" | "before"; values: string[] },
): Promise<{ total: number; ahead: number }> {
  const keys = SORT_KEYS[sort] ?? SORT_KEYS.published_at!;
  // In list order, "ahead" of a position is above it: larger keys for a descending list.
  const aheadOp = order === "desc" ? ">" : "<";
  const op = cursor?.direction === "after" ? (`${aheadOp}=` as const) : aheadOp;
  const aheadExpr = cursor ? sql<number>`count(*) filter (where ${compare(keys, op, cursor.values)})` : sql<number>`0`;
  const row = await plannedForKeywords(
    db
      .selectFrom("reviews as r")
      .where(matchesReviewFilter(f))
      .select([sql<number>`count(*)`.as("total"), aheadExpr.as("ahead")]),
    f,
  ).executeTakeFirstOrThrow();
  return { total: Number(row.total), ahead: Number(row.ahead) };
}

/**
 * Which daily roll-ups can count what the filter matches, if any:
 * - `"days"`: the roll-ups of features/metrics/rollup.ts. The filter narrows only by their dimensions (whole
 *   days in the account's time zone, location, group, source, rating, sentiment, one category).
 * - `"keyword"`: the search roll-up (migration 0036), if the keywords are one lexeme (`keywordLexeme`). The
 *   filter narrows by the keywords and whole days only: that roll-up has no other dimension.
 * Either way a cursor, if any, is on the default sort (published_at), whose days they are.
 */
export function rollupsThatCount(
  f: ReviewFilter,
  sort: string,
  cursor?: PageSpec["cursor"],
): "days" | "keyword" | undefined {
  const countable =
    (!cursor || sort === "published_at") &&
    // Whole days: a date-time bound cuts a day.
    (!f.publishedAfter || "day" in f.publishedAfter) &&
    (!f.publishedBefore || "day" in f.publishedBefore) &&
    !f.reviewId &&
    f.statusLabelIds.length === 0 &&
    !f.responded &&
    !f.notResponded &&
    f.respondable === undefined &&
    f.assignedUserIds.length === 0 &&
    !f.unassigned &&
    // One category: the category roll-ups. Several would count a review in two of them twice.
    f.categories.length <= 1 &&
    f.types.length === 0 &&
    f.tagIds.length === 0 &&
    f.tagNames.length === 0;
  if (!countable) return undefined;
  if (!f.keywords) return "days";
  const daysOnly =
    f.locationIds.length === 0 &&
    f.groupIds.length === 0 &&
    f.sourceIds.length === 0 &&
    f.ratings.length === 0 &&
    f.sentiments.length === 0 &&
    f.categories.length === 0;
  return daysOnly ? "keyword" : undefined;
}

const LEXEMES_HELD = 1000;
const lexemes = new Map<string, string | null>();

/**
 * The one lexeme the keywords are as the list searches them (`websearch_to_tsquery('english', ...)`), or null
 * when they are not exactly one: several words, a phrase, a negation, or only stop words. A review matches one
 * lexeme exactly when its search vector holds it, which is what the search roll-up counts. The answer depends on
 * the text alone, so the process keeps up to 1,000 answers.
 */
export async function keywordLexeme(db: Kysely<DB>, keywords: string): Promise<string | null> {
  const held = lexemes.get(keywords);
  if (held !== undefined) return held;
  // One value node with no weight or prefix prints as 'lexeme'; the same quoting reads back as a tsvector.
  const { rows } = await sql<{ lexeme: string | null }>`
    SELECT CASE WHEN numnode(q) = 1 AND q::text LIKE '''%''' THEN (tsvector_to_array(q::text::tsvector))[1] END AS lexeme
    FROM websearch_to_tsquery('english', ${keywords}) AS q`.execute(db);
  const lexeme = rows[0]?.lexeme ?? null;
  if (lexemes.size >= LEXEMES_HELD) lexemes.delete(lexemes.keys().next().value!);
  lexemes.set(keywords, lexeme);
  return lexeme;
}

/**
 * What `countReviews` counts, read from the daily roll-ups instead of the matching reviews, in one
 * statement:
 * - the roll-up rows of the filter (the account roll-up unless locations or groups are asked for; the
 *   category roll-ups for one category; the search roll-up's rows of the lexeme, for keywords);
 * - plus the reviews deleted at the source, which the list shows and the roll-ups leave out (a partial
 *   index, migration 0007, keeps them few to read);
 * - with a cursor, "ahead" is the roll-up days beyond the cursor's day, the deleted reviews on them, and
 *   the reviews of the cursor's own day beyond the cursor, counted exactly.
 * The caller checks `rollupsThatCount` first, and passes the keywords' lexeme when it says `"keyword"`. Writers
 * keep the roll-ups current (see rollup.ts).
 */
export async function countReviewsFromRollups(
  db: Kysely<DB>,
  f: ReviewFilter,
  order: "asc" | "desc",
  cursor?: { direction: "after" | "before"; values: string[] },
  lexeme?: string,
): Promise<{ total: number; ahead: number }> {
  const byLocation = f.locationIds.length > 0 || f.groupIds.length > 0;
  const category = f.categories[0];
  const table =
    lexeme !== undefined
      ? sql`review_daily_search_stats`
      : category
        ? byLocation
          ? sql`review_daily_category_stats`
          : sql`review_daily_account_category_stats`
        : byLocation
          ? sql`review_daily_stats`
          : sql`review_daily_account_stats`;
  const where: RawBuilder<unknown>[] = [sql`s.account_id = ${f.accountId}`];
  if (lexeme !== undefined) where.push(sql`s.lexeme = ${lexeme}`);
  if (category) where.push(sql`s.category = ${category}`);
  // Whole days only (rollupsThatCount).
  if (f.publishedAfter && "day" in f.publishedAfter) where.push(sql`s.day >= ${f.publishedAfter.day}::date`);
  if (f.publishedBefore && "day" in f.publishedBefore) where.push(sql`s.day <= ${f.publishedBefore.day}::date`);
  if (f.locationIds.length) where.push(sql`s.location_id = ANY(${sql.val(f.locationIds)}::uuid[])`);
  if (f.groupIds.length) where.push(sql`s.location_id = ANY(${groupLocations(f)})`);
  if (f.sourceIds.length) where.push(sql`s.source_id = ANY(${sql.val(f.sourceIds)}::uuid[])`);
  if (f.ratings.length) where.push(sql`s.rating = ANY(${sql.val(f.ratings)}::smallint[])`);
  if (f.sentiments.length) where.push(sql`s.sentiment = ANY(${sql.val(f.sentiments)}::smallint[])`);
  const whereSql = sql.join(where, sql` AND `);
  // The reviews deleted at the source and those of a cursor's own day, counted exactly (with keywords, planned
  // with the words, as the page is).
  const matching = () => plannedForKeywords(db.selectFrom("reviews as r").where(matchesReviewFilter(f)), f);

  if (!cursor) {
    const row = await sql<{ total: string }>`
      SELECT (SELECT coalesce(sum(s.review_count), 0) FROM ${table} s WHERE ${whereSql})
        + (${matching().select(sql`count(*)`.as("n")).where("r.deleted_at_source", "is not", null)}) AS total`.execute(
      db,
    );
    const total = Number(row.rows[0]!.total);
    return { total, ahead: 0 };
  }

  const keys = SORT_KEYS.published_at!;
  const aheadOp = order === "desc" ? ">" : "<";
  const op = cursor.direction === "after" ? (`${aheadOp}=` as const) : aheadOp;
  const day = sql`((${cursor.values[0]!}::timestamptz AT TIME ZONE ${f.timeZone})::date)`;
  const dayStart = sql`(${day}::timestamp AT TIME ZONE ${f.timeZone})`;
  const nextDayStart = sql`((${day} + 1)::timestamp AT TIME ZONE ${f.timeZone})`;
  const beyondDay = order === "desc" ? sql<SqlBool>`s.day > ${day}` : sql<SqlBool>`s.day < ${day}`;
  const deletedBeyondDay =
    order === "desc" ? sql<SqlBool>`r.published_at >= ${nextDayStart}` : sql<SqlBool>`r.published_at < ${dayStart}`;
  const row = await sql<{ total: string; ahead: string }>`
    WITH rolled AS (
      SELECT coalesce(sum(s.review_count), 0) AS total,
        coalesce(sum(s.review_count) FILTER (WHERE ${beyondDay}), 0) AS ahead
      FROM ${table} s WHERE ${whereSql}
    ), deleted AS (${matching()
      .select([sql`count(*)`.as("total"), sql`count(*) FILTER (WHERE ${deletedBeyondDay})`.as("ahead")])
      .where("r.deleted_at_source", "is not", null)}),
    same_day AS (${matching()
      .select(sql`count(*)`.as("ahead"))
      .where(sql<SqlBool>`r.published_at >= ${dayStart}`)
      .where(sql<SqlBool>`r.published_at < ${nextDayStart}`)
      .where(compare(keys, op, cursor.values))})
    SELECT rolled.total + deleted.total AS total, rolled.ahead + deleted.ahead + same_day.ahead AS ahead
    FROM rolled, deleted, same_day`.execute(db);
  return { total: Number(row.rows[0]!.total), ahead: Number(row.rows[0]!.ahead) };
}

/**
 * Whether the list's count is the account's reviews of a range of whole days and nothing else: what
 * `selectAccountDays` holds, summed over the range (service.ts keeps it). The first page only: a cursor's
 * page counts what comes ahead of it too.
 */
export function countsWholeDaysOnly(f: ReviewFilter, page: PageSpec): boolean {
  return (
    !page.cursor &&
    rollupsThatCount(f, page.sort) === "days" &&
    f.locationIds.length === 0 &&
    f.groupIds.length === 0 &&
    f.sourceIds.length === 0 &&
    f.ratings.length === 0 &&
    f.sentiments.length === 0 &&
    f.categories.length === 0 &&
    !f.keywords
  );
}

/**
 * The account's reviews per day in the time zone, in day order: the account's daily roll-up (which leaves out the
 * reviews deleted at the source) plus the reviews deleted at the source that the list shows, counted by their
 * day. Summed over a range of whole days, it is what `countReviewsFromRollups` counts for that range alone.
 */
export async function selectAccountDays(
  db: Kysely<DB>,
  accountId: string,
  timeZone: string,
): Promise<{ day: string; reviews: number }[]> {
  const deleted = db
    .selectFrom("reviews as r")
    .where(matchesReviewFilter(reviewFilterOf(accountId, timeZone)))
    .where("r.deleted_at_source", "is not", null)
    .select([sql<string>`(r.published_at AT TIME ZONE ${timeZone})::date`.as("day"), sql<number>`1`.as("n")]);
  const { rows } = await sql<{ day: string; reviews: number }>`
    SELECT x.day::text AS day, sum(x.n)::int AS reviews FROM (
      SELECT s.day, s.review_count AS n FROM review_daily_account_stats s WHERE s.account_id = ${accountId}
      UNION ALL ${deleted}
    ) x GROUP BY x.day ORDER BY x.day`.execute(db);
  return rows;
}

/** The list's count: from the roll-ups when they can count it, from the reviews otherwise. */
export async function countReviewList(db: Kysely<DB>, f: ReviewFilter, page: PageSpec) {
  const rollups = rollupsThatCount(f, page.sort, page.cursor);
  if (rollups === "days") return countReviewsFromRollups(db, f, page.order, page.cursor);
  const lexeme = rollups === "keyword" && f.keywords ? await keywordLexeme(db, f.keywords) : null;
  if (lexeme !== null) return countReviewsFromRollups(db, f, page.order, page.cursor, lexeme);
  return countReviews(db, f, page.sort, page.order, page.cursor);
}

/** The count and the page of the review list, as `GET /api/reviews` reads them (both at once). */
export async function selectReviewList(
  db: Kysely<DB>,
  f: ReviewFilter,
  page: PageSpec,
): Promise<{ counts: { total: number; ahead: number }; rows: ReviewListRow[] }> {
  const [c, rows] = await Promise.all([countReviewList(db, f, page), selectReviewPage(db, f, page)]);
  return { counts: c, rows };
}

// --- Single reviews and history ------------------------------------------------------------------

/** The review with this id in one of the accounts, with its source; undefined when there is none. */
export function findReview(db: Kysely<DB>, id: string, accountIds: string[]) {
  return db
    .selectFrom("reviews as r")
    .innerJoin("sources as s", "s.id", "r.source_id")
    .innerJoin("locations as l", "l.id", "r.location_id")
    .selectAll("r")
    .select([
      "s.code as source_code",
      "s.name as source_name",
      "s.supports_responses as source_supports_responses",
      "s.response_char_limit as source_response_char_limit",
      "l.name as location_name",
    ])
    .where("r.id", "=", id)
    .where("r.account_id", "in", accountIds)
    .executeTakeFirst();
}

export function selectHistoryPage(db: Kysely<DB>, reviewId: string, limit: number, offset: number) {
  return db
    .selectFrom("review_history as h")
    .leftJoin("users as u", "u.id", "h.user_id")
    .select(["h.id", "h.review_id", "h.action", "h.details", "h.user_id", "h.created_at", "u.name as user_name"])
    .where("h.review_id", "=", reviewId)
    .orderBy("h.created_at", "desc")
    .orderBy("h.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countHistory(db: Kysely<DB>, reviewId: string) {
  const row = await db
    .selectFrom("review_history")
    .select(sql<number>`count(*)`.as("n"))
    .where("review_id", "=", reviewId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
