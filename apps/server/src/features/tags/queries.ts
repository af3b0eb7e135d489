import type { TListQuery } from "@starboard/contract/hal";
import type { TReviewTagListQuery } from "@starboard/contract/reviews";
import { type Kysely, type Selectable, sql } from "kysely";
import type { DB, ReviewTagsTable, TagsTable } from "../../db/schema.ts";
import { isUuid, type ScopedDb } from "../../platform/access.ts";
import { keywordMatch, relevanceOrder, sortOrder } from "../../platform/list.ts";

export type TagRow = Selectable<TagsTable>;
export type ReviewTagRow = Selectable<ReviewTagsTable>;

// ---- Account tags ----

function tagsOf(db: ScopedDb, accountId: string, query: TListQuery) {
  const match = keywordMatch("name", query.keywords, query.search_type);
  const qb = db.selectFrom("tags").where("account_id", "=", accountId);
  return match ? qb.where(match) : qb;
}

export async function countTags(db: ScopedDb, accountId: string, query: TListQuery) {
  const row = await tagsOf(db, accountId, query)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** By `sort[by]` (`name`, `created_at`, or `relevance` with keywords); by name otherwise. */
export function selectTags(db: ScopedDb, accountId: string, query: TListQuery, limit: number, offset: number) {
  let qb = tagsOf(db, accountId, query)
    .selectAll()
    .select(sql<number>`(SELECT count(*)::int FROM review_tags rt WHERE rt.tag_id = tags.id)`.as("review_count"));
  const by = query["sort[by]"];
  const words = query.keywords?.trim();
  if (by === "relevance" && words) for (const order of relevanceOrder("name", words)) qb = qb.orderBy(order);
  else if (by === "name" || by === "created_at") qb = qb.orderBy(by, sortOrder(query["sort[order]"]));
  else qb = qb.orderBy("name", "asc");
  return qb.orderBy("id").limit(limit).offset(offset).execute();
}

/** The account's tag of this name, whatever the case. */
export function findTagByName(db: Kysely<DB>, accountId: string, name: string) {
  return db
    .selectFrom("tags")
    .selectAll()
    .where("account_id", "=", accountId)
    .where(sql`lower(name)`, "=", name.toLowerCase())
    .executeTakeFirst();
}

export function insertTag(db: Kysely<DB>, accountId: string, name: string) {
  return db.insertInto("tags").values({ account_id: accountId, name }).returningAll().executeTakeFirstOrThrow();
}

/** Renames the tag; the review tags carry its name, so they follow. */
export async function renameTag(db: Kysely<DB>, id: string, name: string) {
  const row = await db.updateTable("tags").set({ name }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
  await db.updateTable("review_tags").set({ name }).where("tag_id", "=", id).where("name", "<>", name).execute();
  return row;
}

/** Reviews carrying the tag. */
export async function countTagReviews(db: Kysely<DB>, id: string) {
  const row = await db
    .selectFrom("review_tags")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("tag_id", "=", id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Merges tag `from` into `into` (same account): each review with `from` carries `into` instead (once,
 * when it had both), then `from` is deleted. Answers how many reviews it moved.
 */
export async function mergeTagInto(db: Kysely<DB>, from: TagRow, into: TagRow) {
  await db
    .deleteFrom("review_tags")
    .where("tag_id", "=", from.id)
    .where("review_id", "in", db.selectFrom("review_tags").select("review_id").where("tag_id", "=", into.id))
    .execute();
  const moved = await db
    .updateTable("review_tags")
    .set({ tag_id: into.id, name: into.name })
    .where("tag_id", "=", from.id)
    .executeTakeFirst();
  await db.deleteFrom("tags").where("id", "=", from.id).execute();
  return Number(moved.numUpdatedRows ?? 0);
}

export async function deleteTag(db: Kysely<DB>, id: string) {
  await db.deleteFrom("tags").where("id", "=", id).execute();
}

// ---- Tags on reviews ----

function reviewTagsOf(db: ScopedDb, accountId: string, query: TReviewTagListQuery) {
  let qb = db.selectFrom("review_tags").where("account_id", "=", accountId);
  // An id that cannot be one matches nothing.
  for (const key of ["review_id", "tag_id"] as const) {
    const value = query[key];
    if (value === undefined) continue;
    qb = isUuid(value) ? qb.where(key, "=", value) : qb.where("id", "is", null);
  }
  return qb;
}

export async function countReviewTags(db: ScopedDb, accountId: string, query: TReviewTagListQuery) {
  const row = await reviewTagsOf(db, accountId, query)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** By `sort[by]` (`name`, `created_at`); by name otherwise. */
export function selectReviewTags(
  db: ScopedDb,
  accountId: string,
  query: TReviewTagListQuery,
  limit: number,
  offset: number,
) {
  let qb = reviewTagsOf(db, accountId, query).selectAll();
  const by = query["sort[by]"];
  if (by === "name" || by === "created_at") qb = qb.orderBy(by, sortOrder(query["sort[order]"]));
  else qb = qb.orderBy("name", "asc");
  return qb.orderBy("id").limit(limit).offset(offset).execute();
}

export function reviewHasTag(db: Kysely<DB>, reviewId: string, tagId: string) {
  return db
    .selectFrom("review_tags")
    .select("id")
    .where("review_id", "=", reviewId)
    .where("tag_id", "=", tagId)
    .executeTakeFirst();
}

/** The review's tag of this name, whatever the case. */
export function findReviewTagByName(db: ScopedDb, reviewId: string, name: string) {
  return db
    .selectFrom("review_tags")
    .selectAll()
    .where("review_id", "=", reviewId)
    .where(sql`lower(name)`, "=", name.toLowerCase())
    .executeTakeFirst();
}

export function insertReviewTag(
  db: Kysely<DB>,
  values: { account_id: string; review_id: string; tag_id: string; name: string; created_by_user_id: string },
) {
  return db.insertInto("review_tags").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function deleteReviewTag(db: Kysely<DB>, id: string) {
  await db.deleteFrom("review_tags").where("id", "=", id).execute();
}
