import { type Kysely, type Selectable, sql } from "kysely";
import type { DB, IssuesTable } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";
import { keywordMatch, wordSearchRelevance } from "../../platform/list.ts";
import { FEEDBACK_FORBIDDEN_SOURCES } from "./catalogue.ts";

// --- Sources (the catalogue: shared by every account) ---------------------------------------------

export interface SourceFilter {
  /** Only sources the account has a listing URL or reviews on; undefined: the whole catalogue. */
  accountId?: string | undefined;
  keywords?: string | undefined;
  typeahead?: boolean;
  supportsReviews?: boolean | undefined;
  supportsResponses?: boolean | undefined;
  supportsImages?: boolean | undefined;
}
export type SourceSortKey = "ordinal" | "name" | "code";
/** A sort key, or `relevance` to the keywords (best first). */
export type SourceSort = { key: SourceSortKey | "relevance"; order: "asc" | "desc" };

function filteredSources(db: Kysely<DB>, f: SourceFilter) {
  let qb = db.selectFrom("sources as s");
  if (f.accountId) {
    const accountId = f.accountId;
    qb = qb.where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("urls as u")
            .select(sql`1`.as("one"))
            .whereRef("u.source_id", "=", "s.id")
            .where("u.account_id", "=", accountId),
        ),
        // The index (account_id, source_id, published_at DESC) answers each probe.
        eb.exists(
          eb
            .selectFrom("reviews as r")
            .select(sql`1`.as("one"))
            .whereRef("r.source_id", "=", "s.id")
            .where("r.account_id", "=", accountId),
        ),
      ]),
    );
  }
  const match = keywordMatch("s.name", f.keywords, f.typeahead ? "typeahead" : "full");
  if (match) qb = qb.where(match);
  if (f.supportsReviews !== undefined) qb = qb.where("s.supports_reviews", "=", f.supportsReviews);
  if (f.supportsResponses !== undefined) qb = qb.where("s.supports_responses", "=", f.supportsResponses);
  if (f.supportsImages !== undefined) qb = qb.where("s.supports_images", "=", f.supportsImages);
  return qb;
}

export async function countSources(db: Kysely<DB>, f: SourceFilter) {
  const row = await filteredSources(db, f).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function selectSources(db: Kysely<DB>, f: SourceFilter, sort: SourceSort[], limit: number, offset: number) {
  let qb = filteredSources(db, f).selectAll("s");
  for (const s of sort) {
    if (s.key === "relevance") for (const o of wordSearchRelevance(["s.name"], f.keywords)) qb = qb.orderBy(o);
    else qb = qb.orderBy(`s.${s.key}`, s.order);
  }
  return qb.orderBy("s.id").limit(limit).offset(offset).execute();
}

export function findSource(db: Kysely<DB>, id: string) {
  return db.selectFrom("sources").selectAll().where("id", "=", id).executeTakeFirst();
}

export function selectSourcesByIds(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("sources").selectAll().where("id", "in", ids).execute();
}

/** The account of a user the caller reaches, or undefined. */
export async function accountOfUser(scope: ScopedDb, userId: string) {
  const row = await scope
    .selectFrom("users")
    .select("users.account_id")
    .where("users.id", "=", userId)
    .executeTakeFirst();
  return row?.account_id;
}

// --- Listing URLs ----------------------------------------------------------------------------------

export interface UrlFilter {
  accountId: string;
  locationIds: string[];
  sourceIds: string[];
  excludeRequestReviews: boolean;
  excludeFeedbackForbidden: boolean;
}

function filteredUrls(db: Kysely<DB>, f: UrlFilter) {
  let qb = db
    .selectFrom("urls as u")
    .innerJoin("sources as s", "s.id", "u.source_id")
    .where("u.account_id", "=", f.accountId);
  if (f.locationIds.length) qb = qb.where("u.location_id", "in", f.locationIds);
  if (f.sourceIds.length) qb = qb.where("u.source_id", "in", f.sourceIds);
  if (f.excludeRequestReviews) qb = qb.where("u.request_reviews", "=", true);
  if (f.excludeFeedbackForbidden) qb = qb.where("s.code", "not in", [...FEEDBACK_FORBIDDEN_SOURCES]);
  return qb;
}

export async function countUrls(db: Kysely<DB>, f: UrlFilter) {
  const row = await filteredUrls(db, f).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function selectUrls(
  db: Kysely<DB>,
  f: UrlFilter,
  sort: { by: "link" | "source_name"; order: "asc" | "desc" },
  limit: number,
  offset: number,
) {
  return filteredUrls(db, f)
    .selectAll("u")
    .select(["s.code as source_code", "s.name as source_name"])
    .orderBy(sort.by === "link" ? "u.link" : "s.name", sort.order)
    .orderBy("u.id")
    .limit(limit)
    .offset(offset)
    .execute();
}
export type UrlRow = Awaited<ReturnType<typeof selectUrls>>[number];

/** Every catalogue source that carries reviews, with the location's URL there if it has one. */
export function selectUrlsCheck(db: Kysely<DB>, locationId: string) {
  return db
    .selectFrom("sources as s")
    .leftJoin("urls as u", (join) => join.onRef("u.source_id", "=", "s.id").on("u.location_id", "=", locationId))
    .select(["s.id as source_id", "s.code as source_code", "s.name as source_name", "u.id as url_id", "u.link"])
    .where("s.supports_reviews", "=", true)
    .orderBy("s.ordinal")
    .execute();
}

// --- Connection issues -----------------------------------------------------------------------------

export type IssueRow = Selectable<IssuesTable>;

export interface IssueFilter {
  accountId: string;
  locationIds: string[];
  sourceIds: string[];
  muted?: boolean | undefined;
  includeResolved: boolean;
}

function filteredIssues(scope: ScopedDb, f: IssueFilter) {
  let qb = scope.selectFrom("issues").where("issues.account_id", "=", f.accountId);
  if (f.locationIds.length) qb = qb.where("issues.location_id", "in", f.locationIds);
  if (f.sourceIds.length) qb = qb.where("issues.source_id", "in", f.sourceIds);
  if (f.muted !== undefined) qb = qb.where("issues.muted", "=", f.muted);
  if (!f.includeResolved) qb = qb.where("issues.resolved_at", "is", null);
  return qb;
}

export async function countIssues(scope: ScopedDb, f: IssueFilter) {
  const row = await filteredIssues(scope, f).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of issues by creation time, then id. */
export function selectIssues(scope: ScopedDb, f: IssueFilter, order: "asc" | "desc", limit: number, offset: number) {
  return filteredIssues(scope, f)
    .selectAll()
    .orderBy("issues.created_at", order)
    .orderBy("issues.id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export function setIssueMuted(db: Kysely<DB>, id: string, muted: boolean) {
  return db.updateTable("issues").set({ muted }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}
