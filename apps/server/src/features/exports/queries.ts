import { randomUUID } from "node:crypto";
import {
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from "kysely";
import type { AppSecretsTable, DB, ExportFilesTable } from "../../db/schema.ts";
import { type ScopedDb, scoped } from "../../platform/access.ts";
import { type GroupFilter, groupsOf } from "../groups/index.ts";
import { type LocationFilter, locationsOf } from "../locations/index.ts";
import { answered, matchesReviewFilter, type ReviewFilter, respondable } from "../reviews/index.ts";

export type ExportFileRow = Selectable<ExportFilesTable>;
export type SecretRow = Selectable<AppSecretsTable>;

// ---- Export file rows ----

export function insertExportFile(db: Kysely<DB>, values: Insertable<ExportFilesTable>) {
  return db.insertInto("export_files").values(values).returningAll().executeTakeFirstOrThrow();
}

/** One export file of a reachable account, or undefined. */
export function findExportFile(db: ScopedDb, id: number) {
  return db.selectFrom("export_files").selectAll().where("export_files.id", "=", id).executeTakeFirst();
}

/** One export file by id, whatever its account (jobs). */
export function findExportFileById(db: Kysely<DB>, id: number) {
  return db.selectFrom("export_files").selectAll().where("id", "=", id).executeTakeFirst();
}

export function updateExportFile(db: Kysely<DB>, id: number, values: Updateable<ExportFilesTable>) {
  return db.updateTable("export_files").set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

/** Claims a pending (or interrupted: a retried job) export for writing. */
export function claimExportFile(db: Kysely<DB>, id: number) {
  return db
    .updateTable("export_files")
    .set({ status: "processing", started_at: new Date(), row_count: 0, status_reason: null })
    .where("id", "=", id)
    .where("status", "in", ["pending", "processing"])
    .returningAll()
    .executeTakeFirst();
}

export function setProgress(db: Kysely<DB>, id: number, rowCount: number) {
  return db.updateTable("export_files").set({ row_count: rowCount }).where("id", "=", id).execute();
}

export async function signingKey(db: Kysely<DB>): Promise<string> {
  const row = await db.selectFrom("app_secrets").select("value").where("name", "=", "export_links").executeTakeFirst();
  if (!row) throw new Error("the export link key is missing (migration 0012)");
  return row.value;
}

export async function accountFacts(db: Kysely<DB>, accountId: string) {
  return db
    .selectFrom("accounts")
    .select(["id", "name", "time_zone"])
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
}

export async function userEmail(db: Kysely<DB>, userId: string | null) {
  if (!userId) return undefined;
  const row = await db.selectFrom("users").select(["email", "name"]).where("id", "=", userId).executeTakeFirst();
  return row;
}

// ---- What each resource exports, read in batches (keyset pages: one short query per batch) ----
// A batch query per resource: at most `limit` rows after the key of the last row of the previous
// batch, in export order. Memory holds one batch; no transaction stays open (the embedded database
// serves one transaction at a time, so a long cursor would stall every other request).

export type Key = readonly string[];
export type BatchReader<R> = (db: Kysely<DB>, after: Key | null, limit: number) => Promise<R[]>;
export interface Batched<R> {
  read: BatchReader<R>;
  keyOf: (row: R) => Key;
  /**
   * The batch statements compiled, for a resource whose rows arrive as CSV lines (`line`) and can be
   * millions: written by the export thread (csv-thread.ts) rather than `read` in the server's heap.
   */
  compiled?: (db: Kysely<DB>, limit: number) => CompiledBatches;
}

/** A keyset read as two statements: the first batch, and the batch after a key (its two values' parameter indexes). */
export interface CompiledBatches {
  keyColumns: [string, string];
  first: { sql: string; parameters: unknown[] };
  next: { sql: string; parameters: unknown[]; keyIndexes: [number, number] };
}

/** Reviews, in the list's default order (newest first, then id), through the list's own filter. */
export function reviewRows(f: ReviewFilter): Batched<{ id: string; k_published: string; line: string }> {
  return {
    read: (db, after, limit) => selectReviewBatch(db, f, after, limit),
    keyOf: (r) => [r.k_published, r.id],
    compiled: (db, limit) => {
      const first = selectReviewBatchQuery(db, f, null, limit).compile();
      // The next batch compiled with marker values where the key goes, found again among the parameters.
      const marker = [`key-a-${randomUUID()}`, `key-b-${randomUUID()}`] as const;
      const next = selectReviewBatchQuery(db, f, marker, limit).compile();
      const keyIndexes = marker.map((m) => next.parameters.indexOf(m)) as [number, number];
      if (keyIndexes.includes(-1)) throw new Error("the review batch statement lost its key parameters");
      return {
        keyColumns: ["k_published", "id"],
        first: { sql: first.sql, parameters: [...first.parameters] },
        next: { sql: next.sql, parameters: [...next.parameters], keyIndexes },
      };
    },
  };
}

/** The CSV columns of a review (docs/api.md "Exports"): header and SQL, over `reviews r`, `l`, `s`, `sl`. */
export function reviewCsvColumns(timeZone: string): { header: string; expr: RawBuilder<string | null> }[] {
  const at = (column: string) =>
    sql<string | null>`to_char(${sql.ref(column)} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD HH24:MI')`;
  return [
    { header: "Review ID", expr: sql`r.id::text` },
    { header: "Date", expr: at("r.published_at") },
    { header: "Location", expr: sql`l.name` },
    {
      header: "Location Address",
      expr: sql`concat_ws(', ', nullif(l.address, ''), nullif(l.city, ''), nullif(l.state, ''))`,
    },
    { header: "Location External ID", expr: sql`l.external_id` },
    { header: "Source", expr: sql`s.name` },
    { header: "Author", expr: sql`r.author_name` },
    { header: "Rating", expr: sql`CASE WHEN r.rating > 0 THEN r.rating::text ELSE r.recommendation END` },
    { header: "Title", expr: sql`r.title` },
    { header: "Review", expr: sql`r.content` },
    {
      header: "Sentiment",
      expr: sql`CASE r.sentiment WHEN 1 THEN 'Positive' WHEN -1 THEN 'Negative' WHEN 0 THEN 'Neutral' END`,
    },
    { header: "Categories", expr: sql`array_to_string(r.categories, ', ')` },
    {
      header: "Tags",
      expr: sql`(SELECT string_agg(rt.name, ', ' ORDER BY rt.name) FROM review_tags rt WHERE rt.review_id = r.id)`,
    },
    { header: "Status", expr: sql`sl.name` },
    { header: "Responded", expr: sql`CASE WHEN ${answered()} THEN 'Yes' ELSE 'No' END` },
    { header: "Responded At", expr: at("r.responded_at") },
    { header: "Review URL", expr: sql`r.url` },
  ];
}

/** One CSV field in SQL: always quoted, quotes doubled (RFC 4180), empty for null. */
const csvField = (expr: RawBuilder<string | null>) =>
  sql<string>`'"' || replace(coalesce(${expr}, ''), '"', '""') || '"'`;

/**
 * The reviews of the filter, unordered and unlimited: `line` mode answers each review as one CSV line
 * built by PostgreSQL (the export reads these, so Node only joins lines), `columns` mode answers each
 * column on its own (the bench's `COPY ... TO STDOUT WITH CSV` baseline).
 */
function reviewBase(db: Kysely<DB>, f: ReviewFilter) {
  return db
    .selectFrom("reviews as r")
    .innerJoin("locations as l", "l.id", "r.location_id")
    .innerJoin("sources as s", "s.id", "r.source_id")
    .leftJoin("review_status_labels as sl", "sl.id", "r.status_label_id")
    .where(matchesReviewFilter(f))
    .select(["r.id", sql<string>`r.published_at::text`.as("k_published")]);
}

export function reviewExportQuery(db: Kysely<DB>, f: ReviewFilter) {
  const columns = reviewCsvColumns(f.timeZone);
  return reviewBase(db, f).select(
    sql<string>`${sql.join(
      columns.map((c) => csvField(c.expr)),
      sql`||','||`,
    )}`.as("line"),
  );
}

/** The same reviews with each column on its own (the bench's `COPY ... TO STDOUT WITH CSV` baseline). */
export function reviewColumnsQuery(db: Kysely<DB>, f: ReviewFilter) {
  return reviewBase(db, f).select(reviewCsvColumns(f.timeZone).map((c, i) => c.expr.as(`c${i}`)));
}

function selectReviewBatchQuery(db: Kysely<DB>, f: ReviewFilter, after: Key | null, limit: number) {
  let qb = reviewExportQuery(db, f);
  if (after) qb = qb.where(sql<SqlBool>`(r.published_at, r.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
  return qb.orderBy("r.published_at", "desc").orderBy("r.id", "desc").limit(limit);
}

function selectReviewBatch(db: Kysely<DB>, f: ReviewFilter, after: Key | null, limit: number) {
  return selectReviewBatchQuery(db, f, after, limit).execute();
}

/** Locations, by name, through the location list's own filter. */
export function locationRows(f: LocationFilter) {
  return {
    read: (db: Kysely<DB>, after: Key | null, limit: number) => {
      let qb = locationsOf(scoped(db, { accountIds: [f.accountId] }), f)
        .selectAll("locations")
        .select(
          sql<string | null>`(SELECT string_agg(g.name, ', ' ORDER BY g.name) FROM group_locations gl
            JOIN groups g ON g.id = gl.group_id WHERE gl.location_id = locations.id)`.as("group_names"),
        );
      if (after) qb = qb.where(sql<SqlBool>`(locations.name, locations.id) > (${after[0]}, ${after[1]}::uuid)`);
      return qb.orderBy("locations.name").orderBy("locations.id").limit(limit).execute();
    },
    keyOf: (r: { name: string; id: string }) => [r.name, r.id] as const,
  };
}

/** Groups, by name, through the group list's own filter, with their locations. */
export function groupRows(f: GroupFilter) {
  return {
    read: (db: Kysely<DB>, after: Key | null, limit: number) => {
      let qb = groupsOf(scoped(db, { accountIds: [f.accountId] }), f)
        .select(["groups.id", "groups.name", "groups.created_at"])
        .select(
          sql<number>`(SELECT count(*)::int FROM group_locations gl WHERE gl.group_id = groups.id)`.as(
            "location_count",
          ),
        )
        .select(
          sql<string | null>`(SELECT string_agg(l.name, ', ' ORDER BY l.name) FROM group_locations gl
            JOIN locations l ON l.id = gl.location_id WHERE gl.group_id = groups.id)`.as("location_names"),
        );
      if (after) qb = qb.where(sql<SqlBool>`(groups.name, groups.id) > (${after[0]}, ${after[1]}::uuid)`);
      return qb.orderBy("groups.name").orderBy("groups.id").limit(limit).execute();
    },
    keyOf: (r: { name: string; id: string }) => [r.name, r.id] as const,
  };
}

/** The review metrics of the filtered reviews, per location: one row per location (reviews through the list's filter). */
function statsByLocation(db: Kysely<DB>, f: ReviewFilter) {
  return db
    .selectFrom("reviews as r")
    .where(matchesReviewFilter(f))
    .select("r.location_id")
    .select([
      sql<number>`count(*)::int`.as("review_count"),
      sql<number>`count(*) FILTER (WHERE r.rating > 0)::int`.as("rated_count"),
      sql<number>`coalesce(sum(r.rating) FILTER (WHERE r.rating > 0), 0)::int`.as("rating_sum"),
      sql<number>`count(*) FILTER (WHERE r.sentiment > 0)::int`.as("positive_count"),
      sql<number>`count(*) FILTER (WHERE r.sentiment < 0)::int`.as("negative_count"),
      sql<number>`count(*) FILTER (WHERE ${respondable()})::int`.as("respondable_count"),
      sql<number>`count(*) FILTER (WHERE ${respondable()} AND ${answered()})::int`.as("responded_count"),
    ])
    .groupBy("r.location_id");
}

/** The locations a review filter covers (its locations and groups; all the account's otherwise). */
function locationsInFilter(db: Kysely<DB>, f: ReviewFilter) {
  let qb = db.selectFrom("locations as l").where("l.account_id", "=", f.accountId);
  if (f.locationIds.length) qb = qb.where("l.id", "in", f.locationIds);
  if (f.groupIds.length)
    qb = qb.where("l.id", "in", (eb) =>
      eb.selectFrom("group_locations as gl").select("gl.location_id").where("gl.group_id", "in", f.groupIds),
    );
  return qb;
}

const METRIC_COLUMNS = [
  sql<number>`coalesce(sum(m.review_count), 0)::int`.as("review_count"),
  sql<number>`coalesce(sum(m.rated_count), 0)::int`.as("rated_count"),
  sql<number>`coalesce(sum(m.rating_sum), 0)::int`.as("rating_sum"),
  sql<number>`coalesce(sum(m.positive_count), 0)::int`.as("positive_count"),
  sql<number>`coalesce(sum(m.negative_count), 0)::int`.as("negative_count"),
  sql<number>`coalesce(sum(m.respondable_count), 0)::int`.as("respondable_count"),
  sql<number>`coalesce(sum(m.responded_count), 0)::int`.as("responded_count"),
];

/** Review metrics per location of the filter (metric_locations, location_performance), by location name. */
export function locationMetricRows(f: ReviewFilter) {
  return {
    read: (db: Kysely<DB>, after: Key | null, limit: number) => {
      let qb = locationsInFilter(db, f)
        .leftJoin(statsByLocation(db, f).as("m"), "m.location_id", "l.id")
        .select(["l.id", "l.name", "l.address", "l.city", "l.state", "l.zipcode", "l.external_id"])
        .select(METRIC_COLUMNS)
        .groupBy("l.id");
      if (after) qb = qb.where(sql<SqlBool>`(l.name, l.id) > (${after[0]}, ${after[1]}::uuid)`);
      return qb.orderBy("l.name").orderBy("l.id").limit(limit).execute();
    },
    keyOf: (r: { name: string; id: string }) => [r.name, r.id] as const,
  };
}

/** Review metrics per group of the account (those the filter names, or all), by group name. */
export function groupMetricRows(f: ReviewFilter) {
  return {
    read: (db: Kysely<DB>, after: Key | null, limit: number) => {
      let qb = db
        .selectFrom("groups as g")
        .where("g.account_id", "=", f.accountId)
        .leftJoin("group_locations as gl", "gl.group_id", "g.id")
        .leftJoin(statsByLocation(db, f).as("m"), "m.location_id", "gl.location_id")
        .select(["g.id", "g.name", sql<number>`count(DISTINCT gl.location_id)::int`.as("location_count")])
        .select(METRIC_COLUMNS)
        .groupBy("g.id");
      if (f.groupIds.length) qb = qb.where("g.id", "in", f.groupIds);
      if (after) qb = qb.where(sql<SqlBool>`(g.name, g.id) > (${after[0]}, ${after[1]}::uuid)`);
      return qb.orderBy("g.name").orderBy("g.id").limit(limit).execute();
    },
    keyOf: (r: { name: string; id: string }) => [r.name, r.id] as const,
  };
}
