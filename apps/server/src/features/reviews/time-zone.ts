import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** An account's time zone (the review filter reads a child account's, the signed-in account's comes with the session). */
export async function selectTimeZone(db: Kysely<DB>, accountId: string): Promise<string> {
  const row = await db.selectFrom("accounts").select("time_zone").where("id", "=", accountId).executeTakeFirstOrThrow();
  return row.time_zone;
}
