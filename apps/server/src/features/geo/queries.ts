import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { keywordMatch, relevanceOrder } from "../../platform/list.ts";

/** A list's order: by relevance to the keywords, or by a column (then by id, so pages are stable). */
export type GeoOrder = { relevance: string } | { column: "name" | "code"; direction: "asc" | "desc" };

/** How a geo list narrows and orders: keywords on the name. */
export interface GeoListSpec {
  keywords: string | undefined;
  searchType: "typeahead" | "full" | undefined;
  order: GeoOrder;
}

function orderings(order: GeoOrder): RawBuilder<unknown>[] {
  const by =
    "relevance" in order
      ? relevanceOrder("name", order.relevance)
      : [sql`${sql.ref(order.column)} ${sql.raw(order.direction)}`];
  return [...by, sql`${sql.ref("id")}`];
}

const countOf = (row: { count: number | string } | undefined) => Number(row?.count ?? 0);

export function countryList(db: Kysely<DB>, spec: GeoListSpec, filter: { code?: string | undefined }) {
  let base = db.selectFrom("countries");
  if (filter.code !== undefined) base = base.where("code", "=", filter.code.toUpperCase());
  const match = keywordMatch("name", spec.keywords, spec.searchType);
  if (match) base = base.where(match);
  return {
    count: async () => countOf(await base.select(sql<number>`count(*)`.as("count")).executeTakeFirst()),
    rows: (limit: number, offset: number) => {
      let q = base.selectAll();
      for (const o of orderings(spec.order)) q = q.orderBy(o);
      return q.limit(limit).offset(offset).execute();
    },
  };
}

/** `countryId` null: an unknown country, which has no states. */
export function stateList(db: Kysely<DB>, spec: GeoListSpec, filter: { countryId?: string | null }) {
  let base = db.selectFrom("states");
  if (filter.countryId === null) base = base.where("id", "is", null);
  else if (filter.countryId !== undefined) base = base.where("country_id", "=", filter.countryId);
  const match = keywordMatch("name", spec.keywords, spec.searchType);
  if (match) base = base.where(match);
  return {
    count: async () => countOf(await base.select(sql<number>`count(*)`.as("count")).executeTakeFirst()),
    rows: (limit: number, offset: number) => {
      let q = base.selectAll();
      for (const o of orderings(spec.order)) q = q.orderBy(o);
      return q.limit(limit).offset(offset).execute();
    },
  };
}

export function findCountry(db: Kysely<DB>, id: string) {
  return db.selectFrom("countries").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findState(db: Kysely<DB>, id: string) {
  return db.selectFrom("states").selectAll().where("id", "=", id).executeTakeFirst();
}
