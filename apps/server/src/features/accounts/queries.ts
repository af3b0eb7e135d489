import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { Account, DB } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";
import { keywordMatch, relevanceOrder } from "../../platform/list.ts";
import { DEFAULT_ACCOUNT_SETTINGS } from "./settings.ts";

export interface AccountRow extends Account {
  total_locations: number;
  child_count: number;
}

/** Accounts with the counts their presentation needs (locations, child accounts), in one query. */
function accountsWithCounts(db: Kysely<DB>) {
  return db
    .selectFrom("accounts as a")
    .selectAll("a")
    .select([
      sql<number>`(SELECT count(*) FROM locations l WHERE l.account_id = a.id)`.as("total_locations"),
      sql<number>`(SELECT count(*) FROM accounts c WHERE c.parent_id = a.id)`.as("child_count"),
    ]);
}

/** The account with this id among `within` (the accounts the caller reaches). */
export async function findAccount(db: Kysely<DB>, id: string, within: string[]): Promise<AccountRow | undefined> {
  return accountsWithCounts(db).where("a.id", "=", id).where("a.id", "in", within).executeTakeFirst();
}

export interface ChildListQuery {
  parentId: string;
  /** Instead of the parent's children: exactly these accounts (every account the caller reaches). */
  accountIds?: string[] | undefined;
  keywords?: string | undefined;
  typeahead: boolean;
  sortBy: "name" | "created_at";
  order: "asc" | "desc";
}

/** The children of a parent account (or the accounts given): count and page, narrowed by keywords on the name. */
export function childAccountList(db: Kysely<DB>, q: ChildListQuery) {
  const ids = q.accountIds;
  let base = ids
    ? db.selectFrom("accounts as a").where("a.id", "in", ids)
    : db.selectFrom("accounts as a").where("a.parent_id", "=", q.parentId);
  const match = keywordMatch("a.name", q.keywords, q.typeahead ? "typeahead" : "full");
  if (match) base = base.where(match);
  return {
    count: async () => Number((await base.select(sql<number>`count(*)`.as("count")).executeTakeFirst())?.count ?? 0),
    rows: (limit: number, offset: number) =>
      accountsWithCounts(db)
        .where((eb) => (ids ? eb("a.id", "in", ids) : eb("a.parent_id", "=", q.parentId)))
        .where(
          "a.id",
          "in",
          base.select("a.id").orderBy(`a.${q.sortBy}`, q.order).orderBy("a.id").limit(limit).offset(offset),
        )
        .orderBy(`a.${q.sortBy}`, q.order)
        .orderBy("a.id")
        .execute(),
  };
}

export async function updateAccount(db: Kysely<DB>, id: string, values: { name?: string; time_zone?: string }) {
  await db
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

/** A list's order: by relevance to the keywords, or by a column (then by id, so pages are stable). */
export type ListOrder = { relevance: string } | { column: string; direction: "asc" | "desc" };

/** How the settings and experiments lists narrow and order (keywords on the name column). */
export interface NamedListSpec {
  accountId: string;
  keywords: string | undefined;
  searchType: "typeahead" | "full" | undefined;
  order: ListOrder;
}

function orderings(nameColumn: string, order: ListOrder): RawBuilder<unknown>[] {
  const by =
    "relevance" in order
      ? relevanceOrder(nameColumn, order.relevance)
      : [sql`${sql.ref(order.column)} ${sql.raw(order.direction)}`];
  return [...by, sql`${sql.ref("id")}`];
}

export function settingList(scope: ScopedDb, spec: NamedListSpec) {
  let base = scope.selectFrom("account_settings").where("account_id", "=", spec.accountId);
  const match = keywordMatch("code", spec.keywords, spec.searchType);
  if (match) base = base.where(match);
  return {
    count: async () => Number((await base.select(sql<number>`count(*)`.as("count")).executeTakeFirst())?.count ?? 0),
    rows: (limit: number, offset: number) => {
      let q = base.selectAll();
      for (const o of orderings("code", spec.order)) q = q.orderBy(o);
      return q.limit(limit).offset(offset).execute();
    },
  };
}

export function experimentList(scope: ScopedDb, spec: NamedListSpec) {
  let base = scope.selectFrom("account_experiments").where("account_id", "=", spec.accountId);
  const match = keywordMatch("name", spec.keywords, spec.searchType);
  if (match) base = base.where(match);
  return {
    count: async () => Number((await base.select(sql<number>`count(*)`.as("count")).executeTakeFirst())?.count ?? 0),
    rows: (limit: number, offset: number) => {
      let q = base.selectAll();
      for (const o of orderings("name", spec.order)) q = q.orderBy(o);
      return q.limit(limit).offset(offset).execute();
    },
  };
}

export async function updateSetting(db: Kysely<DB>, id: string, value: string) {
  return db
    .updateTable("account_settings")
    .set({ value })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The whitelabel of an account, if it has one. */
export function findAccountWhitelabel(db: Kysely<DB>, accountId: string) {
  return db
    .selectFrom("accounts as a")
    .innerJoin("whitelabels as w", "w.id", "a.whitelabel_id")
    .selectAll("w")
    .where("a.id", "=", accountId)
    .executeTakeFirst();
}

export function findWhitelabel(db: Kysely<DB>, id: string) {
  return db.selectFrom("whitelabels").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The whitelabel serving a custom domain (case-insensitive). */
export function findWhitelabelByDomain(db: Kysely<DB>, customDomain: string) {
  return db
    .selectFrom("whitelabels")
    .selectAll()
    .where(sql`lower(custom_domain)`, "=", customDomain.trim().toLowerCase())
    .executeTakeFirst();
}

// ---- An account's settings, time zone and name (read by other features through index.ts) ----

/** An account setting's stored value (settings are strings), undefined when the account has no row for it. */
export async function accountSettingValue(
  db: Kysely<DB>,
  accountId: string,
  code: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("account_settings")
    .select("value")
    .where("account_id", "=", accountId)
    .where("code", "=", code)
    .executeTakeFirst();
  return row?.value;
}

/**
 * Whether an account's setting is on (its value is "true"). A setting the account has no row for is off,
 * unless `whenUnset: "default"` asks for the value a new account starts with (DEFAULT_ACCOUNT_SETTINGS).
 */
export async function accountSettingOn(
  db: Kysely<DB>,
  accountId: string,
  code: string,
  options: { whenUnset?: "off" | "default" } = {},
): Promise<boolean> {
  const value = await accountSettingValue(db, accountId, code);
  const unset = options.whenUnset === "default" ? DEFAULT_ACCOUNT_SETTINGS[code] : undefined;
  return (value ?? unset) === "true";
}

/** An account's time zone (IANA name). */
export async function accountTimeZone(db: Kysely<DB>, accountId: string): Promise<string> {
  const row = await db.selectFrom("accounts").select("time_zone").where("id", "=", accountId).executeTakeFirstOrThrow();
  return row.time_zone;
}

/** An account's name ("" for an account that does not exist). */
export async function accountName(db: Kysely<DB>, accountId: string): Promise<string> {
  const row = await db.selectFrom("accounts").select("name").where("id", "=", accountId).executeTakeFirst();
  return row?.name ?? "";
}
