import type { Database } from "../../db/database.ts";

/** Members of each group, and those not permanently closed (open_status other than inactive). */
export async function membersOf(database: Database, groupIds: string[]) {
  const members = new Map<string, { all: string[]; active: string[] }>();
  for (const id of groupIds) members.set(id, { all: [], active: [] });
  if (groupIds.length === 0) return members;
  const rows = await database.db
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
export async function locationsOfAccount(database: Database, accountId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await database.db
    .selectFrom("locations")
    .select("id")
    .where("account_id", "=", accountId)
    .where("id", "in", ids)
    .execute();
  return rows.map((r) => r.id);
}

/** Replaces a group's locations. */
export async function setMembers(database: Database, groupId: string, locationIds: string[]) {
  await database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("group_locations").where("group_id", "=", groupId).execute();
    if (locationIds.length > 0)
      await trx
        .insertInto("group_locations")
        .values(locationIds.map((location_id) => ({ group_id: groupId, location_id })))
        .execute();
  });
}
