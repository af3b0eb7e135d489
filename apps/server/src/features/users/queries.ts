import { type Expression, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { NewUser, User, UserUpdate } from "../../db/schema.ts";

export const USER_SORTS = {
  name: "name",
  email: "email",
  created_at: "created_at",
  status: "status",
  user_type_id: "user_type_id",
  user_type: "user_type_id",
} as const;

export interface UserListQuery {
  accountId: string;
  keywords?: string | undefined;
  typeahead: boolean;
  includeShadow: boolean;
  sortBy: (typeof USER_SORTS)[keyof typeof USER_SORTS];
  order: "asc" | "desc";
  limit: number;
  offset: number;
}

export async function listUsers(database: Database, q: UserListQuery) {
  let base = database.db.selectFrom("users").where("account_id", "=", q.accountId);
  if (!q.includeShadow) base = base.where("is_shadow", "=", false);
  const keywords = q.keywords?.trim().toLowerCase();
  if (keywords) {
    const escaped = keywords.replace(/[\\%_]/g, "\\$&");
    const pattern = q.typeahead ? `${escaped}%` : `%${escaped}%`;
    base = base.where(
      sql<SqlBool>`(lower(name) LIKE ${pattern} OR lower(email) LIKE ${pattern})` as Expression<SqlBool>,
    );
  }
  const count = await base.select(sql<number>`count(*)`.as("count")).executeTakeFirst();
  const rows = await base
    .selectAll()
    .orderBy(q.sortBy === "name" ? sql`lower(name)` : sql.ref(q.sortBy), q.order)
    .orderBy("id")
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { rows, total: Number(count?.count ?? 0) };
}

export async function findUser(database: Database, id: string, within: string[]): Promise<User | undefined> {
  return database.db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", id)
    .where("account_id", "in", within)
    .executeTakeFirst();
}

/** Whether another user already has this e-mail (addresses are unique case-insensitively). */
export async function emailTaken(database: Database, email: string, exceptId?: string): Promise<boolean> {
  let q = database.db.selectFrom("users").select("id").where(sql`lower(email)`, "=", email.toLowerCase());
  if (exceptId) q = q.where("id", "<>", exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function insertUser(database: Database, values: NewUser): Promise<User> {
  return database.db.insertInto("users").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(database: Database, id: string, values: UserUpdate): Promise<User> {
  return database.db
    .updateTable("users")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends the user's other sessions (after a password change). */
export async function revokeOtherSessions(database: Database, userId: string, keepSessionId: string) {
  await database.db
    .updateTable("sessions")
    .set({ revoked_at: new Date() })
    .where("user_id", "=", userId)
    .where("id", "<>", keepSessionId)
    .where("revoked_at", "is", null)
    .execute();
}

export async function deleteUser(database: Database, id: string) {
  await database.db.deleteFrom("users").where("id", "=", id).execute();
}

export async function listUserTypes(database: Database) {
  return database.db.selectFrom("user_types").selectAll().orderBy("id").execute();
}
