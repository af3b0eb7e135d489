import type { Kysely, Selectable } from "kysely";
import { sql } from "kysely";
import type { DB, UserPreferencesTable } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";

export type SavedFilterRow = Selectable<UserPreferencesTable>;

/** The user's preferences of the type in the account. */
function preferencesOf(db: ScopedDb, accountId: string, userId: string, type: string, name?: string) {
  let q = db
    .selectFrom("user_preferences")
    .where("account_id", "=", accountId)
    .where("user_id", "=", userId)
    .where("preference_type", "=", type);
  if (name !== undefined) q = q.where(sql`lower(name)`, "=", name.trim().toLowerCase());
  return q;
}

export async function countSavedFilters(db: ScopedDb, accountId: string, userId: string, type: string, name?: string) {
  const row = await preferencesOf(db, accountId, userId, type, name)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** By name (case-insensitive), then id. */
export function selectSavedFilters(
  db: ScopedDb,
  q: { accountId: string; userId: string; type: string; name?: string; order: "asc" | "desc" },
  limit: number,
  offset: number,
) {
  return preferencesOf(db, q.accountId, q.userId, q.type, q.name)
    .selectAll()
    .orderBy(sql`lower(name)`, q.order)
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findSavedFilter(db: ScopedDb, id: string, userId: string, type: string) {
  return db
    .selectFrom("user_preferences")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("preference_type", "=", type)
    .executeTakeFirst();
}

/** Another preference of the user with this name (case-insensitive). */
export function findByName(
  db: Kysely<DB>,
  p: { accountId: string; userId: string; type: string; name: string; exceptId?: string },
) {
  let q = db
    .selectFrom("user_preferences")
    .select("id")
    .where("account_id", "=", p.accountId)
    .where("user_id", "=", p.userId)
    .where("preference_type", "=", p.type)
    .where(sql`lower(name)`, "=", p.name.toLowerCase());
  if (p.exceptId) q = q.where("id", "!=", p.exceptId);
  return q.executeTakeFirst();
}

export function insertSavedFilter(
  db: Kysely<DB>,
  values: { account_id: string; user_id: string; preference_type: string; name: string; config: string },
) {
  return db
    .insertInto("user_preferences")
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateSavedFilter(db: Kysely<DB>, id: string, values: { name?: string; config?: string }) {
  try {
    return await db
      .updateTable("user_preferences")
      .set({ ...values, updated_at: new Date() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if ((error as { code?: string }).code === "23505") return undefined;
    throw error;
  }
}

export async function deleteSavedFilter(db: Kysely<DB>, id: string) {
  await db.deleteFrom("user_preferences").where("id", "=", id).execute();
}
