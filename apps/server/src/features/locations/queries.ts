import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from "kysely";
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
  /** Only these open statuses. */
  openStatuses?: string[];
}

/** What keywords search (the name first), by any word, case- and accent-insensitively. */
const SEARCHED = ["locations.name", "locations.city", "locations.address", "locations.external_id"] as const;

const SORTABLE = new Set(["name", "city", "state", "zipcode", "created_at", "updated_at"] as const);
type SortColumn = typeof SORTABLE extends Set<infer C> ? C : never;
const isSortable = (by: string | undefined): by is SortColumn => SORTABLE.has(by as SortColumn);

export function locationsOf(db: ScopedDb, f: LocationFilter) {
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
  if (f.openStatuses !== undefined && f.openStatuses.length > 0)
    qb = qb.where("locations.open_status", "in", f.openStatuses);
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

/** The state codes of these state ids. */
/** The locations' open connection issues: whether any is not muted, and whether all are muted. */
export async function openIssuesOf(db: Kysely<DB>, locationIds: string[]) {
  const result = new Map<string, { open: boolean; muted: boolean }>();
  if (locationIds.length === 0) return result;
  const rows = await db
    .selectFrom("issues")
    .select(["location_id", sql<boolean>`bool_or(NOT muted)`.as("open"), sql<boolean>`bool_and(muted)`.as("muted")])
    .where("location_id", "in", locationIds)
    .where("resolved_at", "is", null)
    .groupBy("location_id")
    .execute();
  for (const r of rows) result.set(r.location_id, { open: Boolean(r.open), muted: Boolean(r.muted) });
  return result;
}

export async function stateCodesOf(db: Kysely<DB>, stateIds: string[]) {
  const out = new Map<string, string>();
  if (stateIds.length === 0) return out;
  const rows = await db.selectFrom("states").select(["id", "code"]).where("id", "in", stateIds).execute();
  for (const r of rows) out.set(r.id, r.code);
  return out;
}

/** The directory overrides of each location, by directory name. */
export async function overridesOf(db: Kysely<DB>, locationIds: string[]) {
  const out = new Map<
    string,
    {
      id: string;
      source_id: string;
      source_code: string;
      phone: string | null;
      website: string | null;
      enabled: boolean;
    }[]
  >();
  if (locationIds.length === 0) return out;
  const rows = await db
    .selectFrom("location_source_overrides as o")
    .innerJoin("sources as s", "s.id", "o.source_id")
    .select(["o.id", "o.location_id", "o.source_id", "s.code as source_code", "o.phone", "o.website", "o.enabled"])
    .where("o.location_id", "in", locationIds)
    .orderBy("s.name")
    .execute();
  for (const { location_id, ...r } of rows) out.set(location_id, [...(out.get(location_id) ?? []), r]);
  return out;
}

/** The account's vertical, status and settings (for a child account named by `account_id` too). */
export async function accountFacts(db: Kysely<DB>, accountId: string) {
  const account = await db
    .selectFrom("accounts")
    .select(["id", "vertical", "status"])
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
  const settings = await db
    .selectFrom("account_settings")
    .select(["code", "value"])
    .where("account_id", "=", accountId)
    .execute();
  return { ...account, settings: Object.fromEntries(settings.map((s) => [s.code, s.value])) as Record<string, string> };
}

/** How many locations the account has. */
export async function countAccountLocations(db: Kysely<DB>, accountId: string) {
  const row = await db
    .selectFrom("locations")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The ids among these that are groups of the account. */
export async function groupsOfAccount(db: Kysely<DB>, accountId: string, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectFrom("groups")
    .select("id")
    .where("account_id", "=", accountId)
    .where("id", "in", groupIds)
    .execute();
  return rows.map((r) => r.id);
}

/** Replaces the location's groups. */
export async function setLocationGroups(db: Kysely<DB>, locationId: string, groupIds: string[]) {
  await db.deleteFrom("group_locations").where("location_id", "=", locationId).execute();
  if (groupIds.length > 0)
    await db
      .insertInto("group_locations")
      .values(groupIds.map((group_id) => ({ group_id, location_id: locationId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/** The account's location with this external id, if any. */
export function locationByExternalId(db: Kysely<DB>, accountId: string, externalId: string) {
  return db
    .selectFrom("locations")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("external_id", "=", externalId)
    .executeTakeFirst();
}

/** A country by id, ISO code or name (case-insensitive). */
export function findCountry(db: Kysely<DB>, value: string) {
  return db
    .selectFrom("countries")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["name"]), "=", value.toLowerCase()),
        eb(eb.fn("upper", ["code"]), "=", value.toUpperCase()),
      ]),
    )
    .executeTakeFirst();
}

/** A state of the country by code or name (case-insensitive). */
export function findState(db: Kysely<DB>, countryId: string, value: string) {
  return db
    .selectFrom("states")
    .selectAll()
    .where("country_id", "=", countryId)
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["name"]), "=", value.toLowerCase()),
        eb(eb.fn("upper", ["code"]), "=", value.toUpperCase()),
        eb(eb.fn("upper", ["short_code"]), "=", value.toUpperCase()),
      ]),
    )
    .executeTakeFirst();
}

export function countryById(db: Kysely<DB>, id: string) {
  return db.selectFrom("countries").selectAll().where("id", "=", id).executeTakeFirst();
}

export function stateById(db: Kysely<DB>, id: string) {
  return db.selectFrom("states").selectAll().where("id", "=", id).executeTakeFirst();
}

export function categoryById(db: Kysely<DB>, id: string) {
  return db.selectFrom("business_categories").selectAll().where("id", "=", id).executeTakeFirst();
}
