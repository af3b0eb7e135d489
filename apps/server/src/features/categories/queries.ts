import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { wordSearch, wordSearchRelevance } from "../../platform/list.ts";

const SEARCHED = ["business_categories.name"] as const;

export interface CategoryFilter {
  keywords: string | undefined;
  searchType: "typeahead" | "full" | undefined;
  /** Only these ids (the categories of a Google place's locations). */
  ids?: string[];
}

function categoriesOf(db: Kysely<DB>, f: CategoryFilter) {
  let qb = db.selectFrom("business_categories");
  const match = wordSearch(SEARCHED, f.keywords, f.searchType);
  if (match) qb = qb.where(match);
  if (f.ids !== undefined)
    qb =
      f.ids.length > 0
        ? qb.where("business_categories.id", "in", f.ids)
        : qb.where("business_categories.id", "is", null);
  return qb;
}

export async function countCategories(db: Kysely<DB>, f: CategoryFilter) {
  const row = await categoriesOf(db, f)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** By name (`sort[order]=desc` reverses), or by relevance with keywords. */
export function selectCategories(
  db: Kysely<DB>,
  f: CategoryFilter,
  sort: { by: string | undefined; order: "asc" | "desc" },
  limit: number,
  offset: number,
) {
  let qb = categoriesOf(db, f).selectAll("business_categories");
  const relevance = sort.by === "relevance" ? wordSearchRelevance(SEARCHED, f.keywords) : [];
  if (relevance.length) for (const o of relevance) qb = qb.orderBy(o);
  else qb = qb.orderBy("business_categories.name", sort.order);
  return qb.orderBy("business_categories.id").limit(limit).offset(offset).execute();
}

export function categoryById(db: Kysely<DB>, id: string) {
  return db.selectFrom("business_categories").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The categories of the reachable locations with this Google place id. */
export async function categoryIdsOfPlace(db: Kysely<DB>, accountIds: string[], placeId: string) {
  const rows = await db
    .selectFrom("locations")
    .select("category_id")
    .distinct()
    .where("account_id", "in", accountIds)
    .where("google_place_id", "=", placeId)
    .where("category_id", "is not", null)
    .execute();
  return rows.map((r) => r.category_id as string);
}

export function mediaCategories(db: Kysely<DB>, names: string[] | undefined, limit: number, offset: number) {
  let qb = db.selectFrom("media_categories").selectAll();
  if (names !== undefined) qb = qb.where((eb) => eb(eb.fn("lower", ["name"]), "in", names.length ? names : [""]));
  return qb.orderBy("ordinal").limit(limit).offset(offset).execute();
}

export async function countMediaCategories(db: Kysely<DB>, names: string[] | undefined) {
  let qb = db.selectFrom("media_categories").select((eb) => eb.fn.countAll<string>().as("count"));
  if (names !== undefined) qb = qb.where((eb) => eb(eb.fn("lower", ["name"]), "in", names.length ? names : [""]));
  const row = await qb.executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function googleSourceId(db: Kysely<DB>) {
  const row = await db.selectFrom("sources").select("id").where("code", "=", "google").executeTakeFirst();
  return row?.id ?? "";
}
