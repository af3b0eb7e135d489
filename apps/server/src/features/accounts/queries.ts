import { type Expression, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { Account } from "../../db/schema.ts";

export interface AccountRow extends Account {
  total_locations: number;
  child_count: number;
}

/** Accounts with the counts their presentation needs (locations, child accounts), in one query. */
function accountsWithCounts(database: Database) {
  return database.db
    .selectFrom("accounts as a")
    .selectAll("a")
    .select([
      sql<number>`(SELECT count(*) FROM locations l WHERE l.account_id = a.id)`.as("total_locations"),
      sql<number>`(SELECT count(*) FROM accounts c WHERE c.parent_id = a.id)`.as("child_count"),
    ]);
}

export async function findAccount(database: Database, id: string, within: string[]): Promise<AccountRow | undefined> {
  return accountsWithCounts(database).where("a.id", "=", id).where("a.id", "in", within).executeTakeFirst();
}

export interface ChildListQuery {
  parentId: string;
  keywords?: string | undefined;
  typeahead: boolean;
  sortBy: "name" | "created_at";
  order: "asc" | "desc";
  limit: number;
  offset: number;
}

export async function listChildAccounts(database: Database, q: ChildListQuery) {
  let base = database.db.selectFrom("accounts as a").where("a.parent_id", "=", q.parentId);
  const keywords = q.keywords?.trim().toLowerCase();
  if (keywords) {
    const escaped = keywords.replace(/[\\%_]/g, "\\$&");
    const pattern = q.typeahead ? `${escaped}%` : `%${escaped}%`;
    base = base.where(sql<SqlBool>`lower(a.name) LIKE ${pattern}` as Expression<SqlBool>);
  }
  const count = await base.select(sql<number>`count(*)`.as("count")).executeTakeFirst();
  const rows = await accountsWithCounts(database)
    .where("a.parent_id", "=", q.parentId)
    .where(
      "a.id",
      "in",
      base.select("a.id").orderBy(`a.${q.sortBy}`, q.order).orderBy("a.id").limit(q.limit).offset(q.offset),
    )
    .orderBy(`a.${q.sortBy}`, q.order)
    .orderBy("a.id")
    .execute();
  return { rows, total: Number(count?.count ?? 0) };
}

export async function updateAccount(database: Database, id: string, values: { name?: string; time_zone?: string }) {
  await database.db
    .updateTable("accounts")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .execute();
}

/** Whether a table exists (features that own it may not be installed yet). */
export async function tableExists(database: Database, table: string): Promise<boolean> {
  const { rows } = await sql<{
    exists: boolean;
  }>`SELECT to_regclass(${`public.${table}`}) IS NOT NULL AS exists`.execute(database.db);
  return Boolean(rows[0]?.exists);
}
