import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { DB, SpecialHoursTable } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";
import { sortOrder } from "../../platform/list.ts";

export type SpecialHoursRow = Selectable<SpecialHoursTable>;

export interface SpecialHoursFilter {
  accountId: string;
  locationId?: string;
  from?: string;
  to?: string;
}

function specialHoursOf(db: ScopedDb, f: SpecialHoursFilter) {
  let qb = db.selectFrom("special_hours").where("special_hours.account_id", "=", f.accountId);
  if (f.locationId !== undefined) qb = qb.where("special_hours.location_id", "=", f.locationId);
  if (f.from !== undefined) qb = qb.where("special_hours.start_date", ">=", f.from);
  if (f.to !== undefined) qb = qb.where("special_hours.start_date", "<=", f.to);
  return qb;
}

export async function countSpecialHours(db: ScopedDb, f: SpecialHoursFilter) {
  const row = await specialHoursOf(db, f)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** By start date (then location and id); `sort[by]=created_at` too. */
export function selectSpecialHours(
  db: ScopedDb,
  f: SpecialHoursFilter,
  sort: { by: string | undefined; order: string | undefined },
  limit: number,
  offset: number,
) {
  const by = sort.by === "created_at" ? "special_hours.created_at" : "special_hours.start_date";
  return specialHoursOf(db, f)
    .selectAll("special_hours")
    .orderBy(by, sortOrder(sort.order))
    .orderBy("special_hours.location_id")
    .orderBy("special_hours.id")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The location's entry for this date, if any (other than `exceptId`). */
export function entryOn(db: Kysely<DB>, locationId: string, date: string, exceptId?: string) {
  let qb = db
    .selectFrom("special_hours")
    .selectAll()
    .where("location_id", "=", locationId)
    .where("start_date", "=", date);
  if (exceptId) qb = qb.where("id", "!=", exceptId);
  return qb.executeTakeFirst();
}

export function insertSpecialHours(db: Kysely<DB>, values: Insertable<SpecialHoursTable>) {
  return db.insertInto("special_hours").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Sets the date at the location, replacing an entry of the same date. */
export function upsertSpecialHours(db: Kysely<DB>, values: Insertable<SpecialHoursTable>) {
  return db
    .insertInto("special_hours")
    .values(values)
    .onConflict((oc) =>
      oc.columns(["location_id", "start_date"]).doUpdateSet((eb) => ({
        closed: eb.ref("excluded.closed"),
        is_24_hours: eb.ref("excluded.is_24_hours"),
        hours: eb.ref("excluded.hours"),
        updated_at: new Date(),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateSpecialHours(db: Kysely<DB>, id: string, values: Updateable<SpecialHoursTable>) {
  return db.updateTable("special_hours").set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteSpecialHours(db: Kysely<DB>, id: string) {
  await db.deleteFrom("special_hours").where("id", "=", id).execute();
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
