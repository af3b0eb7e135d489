import type { Database } from "../../db/database.ts";

/** The groups each location belongs to. */
export async function groupIdsOf(database: Database, locationIds: string[]) {
  const out = new Map<string, string[]>();
  if (locationIds.length === 0) return out;
  const rows = await database.db
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
