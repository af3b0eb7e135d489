import { type Kysely, sql } from "kysely";
import type { DB, NewUser, User, UserUpdate } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";
import { keywordMatch } from "../../platform/list.ts";

type Db = Kysely<DB>;

export const USER_SORTS = {
  name: "name",
  email: "email",
  created_at: "created_at",
  updated_at: "updated_at",
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
}

/** The account's users: count and page, by keywords on the name or the e-mail. */
export function userList(scope: ScopedDb, q: UserListQuery) {
  let base = scope.selectFrom("users").where("account_id", "=", q.accountId);
  if (!q.includeShadow) base = base.where("is_shadow", "=", false);
  const searchType = q.typeahead ? "typeahead" : "full";
  const byName = keywordMatch("name", q.keywords, searchType);
  const byEmail = keywordMatch("email", q.keywords, searchType);
  if (byName && byEmail) base = base.where(sql<boolean>`(${byName} OR ${byEmail})`);
  return {
    count: async () => Number((await base.select(sql<number>`count(*)`.as("count")).executeTakeFirst())?.count ?? 0),
    rows: (limit: number, offset: number) =>
      base
        .selectAll()
        .orderBy(q.sortBy === "name" ? sql`lower(name)` : sql.ref(q.sortBy), q.order)
        .orderBy("id")
        .limit(limit)
        .offset(offset)
        .execute(),
  };
}

/** The user with this id in one of the accounts given. */
export async function findUser(db: Db, id: string, within: string[]): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).where("account_id", "in", within).executeTakeFirst();
}

/** Whether another user already has this e-mail (addresses are unique case-insensitively). */
export async function emailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom("users").select("id").where(sql`lower(email)`, "=", email.toLowerCase());
  if (exceptId) q = q.where("id", "<>", exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function insertUser(db: Db, values: NewUser): Promise<User> {
  return db.insertInto("users").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: string, values: UserUpdate): Promise<User> {
  return db
    .updateTable("users")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends the user's other sessions (after a password change). */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string) {
  await db
    .updateTable("sessions")
    .set({ revoked_at: new Date() })
    .where("user_id", "=", userId)
    .where("id", "<>", keepSessionId)
    .where("revoked_at", "is", null)
    .execute();
}

export async function deleteUser(db: Db, id: string) {
  await db.deleteFrom("users").where("id", "=", id).execute();
}

export function userTypeList(db: Db) {
  return {
    count: async () =>
      Number(
        (await db.selectFrom("user_types").select(sql<number>`count(*)`.as("count")).executeTakeFirst())?.count ?? 0,
      ),
    rows: (limit: number, offset: number) =>
      db.selectFrom("user_types").selectAll().orderBy("id").limit(limit).offset(offset).execute(),
  };
}
