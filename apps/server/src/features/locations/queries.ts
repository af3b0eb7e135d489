import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { DB, LocationsTable } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";
import { sortOrder, wordSearch, wordSearchRelevance } from "../../platform/list.ts";

export type LocationRow = Selectable<LocationsTable>;

/** What narrows a location list: the account, the keywords on the name, a group, some ids. */
export interface LocationFilter {
  accountId: string;
  keywords: string | undefined;
  searchType: "typeahead" | "full" | undefined;
  /** Only the locations of any of these groups (empty: nothing). */
  groupIds?: string[];
  /** Only these ids (empty: nothing). */
  ids?: string[];
}

/** What keywords search (the name first), by any word, case- and accent-insensitively. */
const SEARCHED = ["locations.name", "locations.city", "locations.address", "locations.external_id"] as const;

const SORTABLE = new Set(["name", "city", "state", "zipcode", "created_at", "updated_at"] as const);
type SortColumn = typeof SORTABLE extends Set<infer C> ? C : never;
const isSortable = (by: string | undefined): by is SortColumn => SORTABLE.has(by as SortColumn);

function locationsOf(db: ScopedDb, f: LocationFilter) {
  let qb = db.selectFrom("locations").where("locations.account_id", "=", f.accountId);
  const match = wordSearch(SEARCHED, f.keywords, f.searchType);
  if (match) qb = qb.where(match);
  if (f.groupIds !== undefined) {
    const groupIds = f.groupIds;
    qb =
      groupIds.length === 0
        ? qb.where("locations.id", "is", null)
        : qb.where("locations.id", "in", (eb) =>
            eb.selectFrom("group_locations").select("location_id").where("group_id", "in", groupIds),
          );
  }
  if (f.ids !== undefined)
    qb = f.ids.length > 0 ? qb.where("locations.id", "in", f.ids) : qb.where("locations.id", "is", null);
  return qb;
}

export async function countLocations(db: ScopedDb, f: LocationFilter) {
  const row = await locationsOf(db, f)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** By `sort[by]` (a sortable column, or `relevance` with keywords); by name otherwise; then by id. */
export function selectLocations(
  db: ScopedDb,
  f: LocationFilter,
  sort: { by: string | undefined; order: string | undefined },
  limit: number,
  offset: number,
) {
  let qb = locationsOf(db, f).selectAll("locations");
  const relevance = sort.by === "relevance" ? wordSearchRelevance(SEARCHED, f.keywords) : [];
  if (relevance.length) for (const o of relevance) qb = qb.orderBy(o);
  else if (isSortable(sort.by)) qb = qb.orderBy(`locations.${sort.by}`, sortOrder(sort.order));
  else qb = qb.orderBy("locations.name", "asc");
  return qb.orderBy("locations.id").limit(limit).offset(offset).execute();
}

/** The groups each location belongs to, by group name. */
export async function groupIdsOf(db: Kysely<DB>, locationIds: string[]) {
  const out = new Map<string, string[]>();
  if (locationIds.length === 0) return out;
  const rows = await db
    .selectFrom("group_locations as gl")
    .innerJoin("groups as g", "g.id", "gl.group_id")
    .select(["gl.location_id", "gl.group_id"])
    .where("gl.location_id", "in", locationIds)
    .orderBy("g.name")
    .orderBy("g.id")
    .execute();
  for (const r of rows) out.set(r.location_id, [...(out.get(r.location_id) ?? []), r.group_id]);
  return out;
}

export async function countryExists(db: Kysely<DB>, id: string) {
  return Boolean(await db.selectFrom("countries").select("id").where("id", "=", id).executeTakeFirst());
}

export async function stateExists(db: Kysely<DB>, id: string) {
  return Boolean(await db.selectFrom("states").select("id").where("id", "=", id).executeTakeFirst());
}

export function insertLocation(db: Kysely<DB>, values: Insertable<LocationsTable>) {
  return db.insertInto("locations").values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateLocation(db: Kysely<DB>, id: string, values: Updateable<LocationsTable>) {
  return db.updateTable("locations").set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteLocation(db: Kysely<DB>, id: string) {
  await db.deleteFrom("locations").where("id", "=", id).execute();
}
