import type { TListQuery } from "@starboard/contract/hal";
import type { Kysely, Selectable } from "kysely";
import type { AlertsTable, DB } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";
import { sortOrder } from "../../platform/list.ts";

export type AlertRow = Selectable<AlertsTable>;
export type ReferenceTable = "alert_types" | "alert_frequencies";

/** Every row of a reference list (alert types or frequencies), by id. */
export function selectReferenceList(db: Kysely<DB>, table: ReferenceTable) {
  return db.selectFrom(table).select(["id", "code", "name"]).orderBy("id").execute();
}

export function findReference(db: Kysely<DB>, table: ReferenceTable, id: number) {
  return db.selectFrom(table).select(["id", "code", "name"]).where("id", "=", id).executeTakeFirst();
}

/** The user's alerts in the account. */
function alertsOf(db: ScopedDb, accountId: string, userId: string) {
  return db.selectFrom("alerts").where("account_id", "=", accountId).where("user_id", "=", userId);
}

export async function countAlerts(db: ScopedDb, accountId: string, userId: string) {
  const row = await alertsOf(db, accountId, userId)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

const SORTABLE = new Set(["created_at", "alert_type_id", "alert_frequency_id"] as const);
type SortColumn = typeof SORTABLE extends Set<infer C> ? C : never;
const isSortable = (by: string | undefined): by is SortColumn => SORTABLE.has(by as SortColumn);

/** By `sort[by]` (`created_at`, `alert_type_id`, `alert_frequency_id`); oldest first otherwise; then by id. */
export function selectAlerts(
  db: ScopedDb,
  accountId: string,
  userId: string,
  query: TListQuery,
  limit: number,
  offset: number,
) {
  const by = query["sort[by]"];
  let qb = alertsOf(db, accountId, userId).selectAll();
  qb = isSortable(by) ? qb.orderBy(by, sortOrder(query["sort[order]"])) : qb.orderBy("created_at", "asc");
  return qb.orderBy("id").limit(limit).offset(offset).execute();
}

/** The user's alert with this id in a reachable account, if any. */
export function findAlert(db: ScopedDb, id: string, userId: string) {
  return db.selectFrom("alerts").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
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

/** The ids among these that are sources. */
export async function existingSources(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("sources").select("id").where("id", "in", ids).execute();
  return rows.map((r) => r.id);
}

export interface AlertValues {
  alert_type_id?: number;
  alert_frequency_id?: number;
  /** JSON of the normalised filters. */
  filters?: string;
  enabled?: boolean;
  enabled_at?: Date;
}

export function insertAlert(
  db: Kysely<DB>,
  values: {
    account_id: string;
    user_id: string;
    alert_type_id: number;
    alert_frequency_id: number;
    filters: string;
    enabled: boolean;
  },
) {
  return db.insertInto("alerts").values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateAlert(db: Kysely<DB>, id: string, values: AlertValues) {
  return db.updateTable("alerts").set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteAlert(db: Kysely<DB>, id: string) {
  await db.deleteFrom("alerts").where("id", "=", id).execute();
}
