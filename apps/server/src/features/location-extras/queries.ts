import type { Insertable, Kysely, Updateable } from "kysely";
import type { DB, LocationSourceOverridesTable } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";

export interface OverrideFilter {
  accountId: string;
  locationId?: string;
  sourceId?: string;
}

function overridesOf(db: ScopedDb, f: OverrideFilter) {
  let qb = db
    .selectFrom("location_source_overrides")
    .innerJoin("sources", "sources.id", "location_source_overrides.source_id")
    .where("location_source_overrides.account_id", "=", f.accountId);
  if (f.locationId !== undefined) qb = qb.where("location_source_overrides.location_id", "=", f.locationId);
  if (f.sourceId !== undefined) qb = qb.where("location_source_overrides.source_id", "=", f.sourceId);
  return qb;
}

export async function countOverrides(db: ScopedDb, f: OverrideFilter) {
  const row = await overridesOf(db, f)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

const COLUMNS = [
  "location_source_overrides.id",
  "location_source_overrides.account_id",
  "location_source_overrides.location_id",
  "location_source_overrides.source_id",
  "location_source_overrides.phone",
  "location_source_overrides.website",
  "location_source_overrides.enabled",
  "location_source_overrides.created_at",
  "location_source_overrides.updated_at",
  "sources.code as source_code",
  "sources.name as source_name",
] as const;

export function selectOverrides(
  db: ScopedDb,
  f: OverrideFilter,
  sort: { by: "source_name" | "created_at"; order: "asc" | "desc" },
  limit: number,
  offset: number,
) {
  const column = sort.by === "created_at" ? "location_source_overrides.created_at" : "sources.name";
  return overridesOf(db, f)
    .select(COLUMNS)
    .orderBy(column, sort.order)
    .orderBy("location_source_overrides.id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export type OverrideRow = Awaited<ReturnType<typeof selectOverrides>>[number];

export function overrideById(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("location_source_overrides")
    .innerJoin("sources", "sources.id", "location_source_overrides.source_id")
    .select(COLUMNS)
    .where("location_source_overrides.id", "=", id)
    .executeTakeFirstOrThrow();
}

/** Sets the pair's override (an existing one is updated with the fields given). */
export async function upsertOverride(
  db: Kysely<DB>,
  values: Insertable<LocationSourceOverridesTable>,
  changes: Updateable<LocationSourceOverridesTable>,
) {
  const row = await db
    .insertInto("location_source_overrides")
    .values(values)
    .onConflict((oc) => oc.columns(["location_id", "source_id"]).doUpdateSet({ ...changes, updated_at: new Date() }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOverride(db: Kysely<DB>, id: string, changes: Updateable<LocationSourceOverridesTable>) {
  await db
    .updateTable("location_source_overrides")
    .set({ ...changes, updated_at: new Date() })
    .where("id", "=", id)
    .execute();
}

/** The sources of these codes that exist in the catalogue. */
export function sourcesByCode(db: Kysely<DB>, codes: string[]) {
  return db.selectFrom("sources").select(["id", "code", "name"]).where("code", "in", codes).execute();
}

/** Whether the account has a Google connection (credentials of the google source). */
export async function hasGoogleIntegration(db: Kysely<DB>, accountId: string) {
  const row = await db
    .selectFrom("source_credentials as c")
    .innerJoin("sources as s", "s.id", "c.source_id")
    .select("c.id")
    .where("c.account_id", "=", accountId)
    .where("s.code", "=", "google")
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the location has a Google listing URL. */
export async function hasGoogleListing(db: Kysely<DB>, locationId: string) {
  const row = await db
    .selectFrom("urls as u")
    .innerJoin("sources as s", "s.id", "u.source_id")
    .select("u.id")
    .where("u.location_id", "=", locationId)
    .where("s.code", "=", "google")
    .executeTakeFirst();
  return row !== undefined;
}
