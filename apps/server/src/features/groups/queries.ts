import type { Kysely, Selectable } from "kysely";
import type { DB, GroupsTable } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";
import { sortOrder, wordSearch, wordSearchRelevance } from "../../platform/list.ts";

export type GroupRow = Selectable<GroupsTable>;

/** What narrows a group list: the account, the keywords on the name, a member location. */
export interface GroupFilter {
  accountId: string;
  keywords: string | undefined;
  searchType: "typeahead" | "full" | undefined;
  /** A location id; null: a value that cannot be a location (matches nothing). */
  locationId?: string | null;
}

/** What keywords search (the name first), by any word, case- and accent-insensitively. */
const SEARCHED = ["groups.name"] as const;

const SORTABLE = new Set(["name", "created_at", "updated_at"] as const);
type SortColumn = typeof SORTABLE extends Set<infer C> ? C : never;
const isSortable = (by: string | undefined): by is SortColumn => SORTABLE.has(by as SortColumn);

export function groupsOf(db: ScopedDb, f: GroupFilter) {
  let qb = db.selectFrom("groups").where("groups.account_id", "=", f.accountId);
  const match = wordSearch(SEARCHED, f.keywords, f.searchType);
  if (match) qb = qb.where(match);
  if (f.locationId !== undefined) {
    const locationId = f.locationId;
    qb =
      locationId === null
        ? qb.where("groups.id", "is", null)
        : qb.where("groups.id", "in", (eb) =>
            eb.selectFrom("group_locations").select("group_id").where("location_id", "=", locationId),
          );
  }
  return qb;
}

export async function countGroups(db: ScopedDb, f: GroupFilter) {
  const row = await groupsOf(db, f)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** By `sort[by]` (a sortable column, or `relevance` with keywords); by name otherwise; then by id. */
export function selectGroups(
  db: ScopedDb,
  f: GroupFilter,
  sort: { by: string | undefined; order: string | undefined },
  limit: number,
  offset: number,
) {
  let qb = groupsOf(db, f).selectAll("groups");
  const relevance = sort.by === "relevance" ? wordSearchRelevance(SEARCHED, f.keywords) : [];
  if (relevance.length) for (const o of relevance) qb = qb.orderBy(o);
  else if (isSortable(sort.by)) qb = qb.orderBy(`groups.${sort.by}`, sortOrder(sort.order));
  else qb = qb.orderBy("groups.name", "asc");
  return qb.orderBy("groups.id").limit(limit).offset(offset).execute();
}

/** Members of each group, by location name, and those not permanently closed (open_status other than inactive). */
export async function membersOf(db: Kysely<DB>, groupIds: string[]) {
  const members = new Map<string, { all: string[]; active: string[] }>();
  for (const id of groupIds) members.set(id, { all: [], active: [] });
  if (groupIds.length === 0) return members;
  const rows = await db
    .selectFrom("group_locations as gl")
    .innerJoin("locations as l", "l.id", "gl.location_id")
    .select(["gl.group_id", "l.id", "l.open_status"])
    .where("gl.group_id", "in", groupIds)
    .orderBy("l.name")
    .orderBy("l.id")
    .execute();
  for (const r of rows) {
    const m = members.get(r.group_id);
    if (!m) continue;
    m.all.push(r.id);
    if (r.open_status !== "inactive") m.active.push(r.id);
  }
  return members;
}

/** The ids among these that are locations of the account. */
export async function locationsOfAccount(db: Kysely<DB>, accountId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("locations")
    .select("id")
    .where("account_id", "=", accountId)
    .where("id", "in", ids)
    .execute();
  return rows.map((r) => r.id);
}

export function insertGroup(db: Kysely<DB>, values: { account_id: string; name: string }) {
  return db.insertInto("groups").values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateGroup(db: Kysely<DB>, id: string, values: { name?: string; updated_at: Date }) {
  return db.updateTable("groups").set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

/** Replaces a group's locations (run it in the transaction that writes the group). */
export async function setMembers(db: Kysely<DB>, groupId: string, locationIds: string[]) {
  await db.deleteFrom("group_locations").where("group_id", "=", groupId).execute();
  if (locationIds.length > 0)
    await db
      .insertInto("group_locations")
      .values(locationIds.map((location_id) => ({ group_id: groupId, location_id })))
      .execute();
}

export async function deleteGroup(db: Kysely<DB>, id: string) {
  await db.deleteFrom("groups").where("id", "=", id).execute();
}
