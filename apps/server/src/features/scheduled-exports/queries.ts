import { type Kysely, type Selectable, sql } from "kysely";
import type { DB, ScheduledExportsTable } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";

export type ScheduledExportRow = Selectable<ScheduledExportsTable>;

export interface ListFilter {
  accountId: string;
  /** Only this user's (always set for a non-Admin). */
  createdBy?: string;
  exportTypes: string[];
}

function exportsOf(db: ScopedDb, f: ListFilter) {
  let q = db.selectFrom("scheduled_exports").where("account_id", "=", f.accountId);
  if (f.createdBy) q = q.where("created_by_user_id", "=", f.createdBy);
  if (f.exportTypes.length > 0) q = q.where("export_type", "in", f.exportTypes);
  return q;
}

export async function countScheduledExports(db: ScopedDb, f: ListFilter) {
  const row = await exportsOf(db, f)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export const SORTABLE = ["created_at", "email_subject", "export_type", "last_sent_at", "email_frequency"] as const;
export type SortColumn = (typeof SORTABLE)[number];

export function selectScheduledExports(
  db: ScopedDb,
  f: ListFilter,
  sort: { by: SortColumn; order: "asc" | "desc" },
  limit: number,
  offset: number,
) {
  const column = sort.by === "email_subject" ? sql`lower(email_subject)` : sql.ref(sort.by);
  return exportsOf(db, f)
    .selectAll()
    .orderBy(sql`${column} ${sql.raw(sort.order)} NULLS LAST`)
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findScheduledExport(db: ScopedDb, id: string) {
  return db.selectFrom("scheduled_exports").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The account's active users among these ids, with their e-mail. */
export function usersOfAccount(db: Kysely<DB>, accountId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as { id: string; email: string }[]);
  return db
    .selectFrom("users")
    .select(["id", "email"])
    .where("account_id", "=", accountId)
    .where("status", "=", "active")
    .where("is_shadow", "=", false)
    .where("id", "in", ids)
    .execute();
}

/** The e-mail addresses of users, by id. */
export async function emailsOf(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.selectFrom("users").select(["id", "email"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}

export type ScheduledExportValues = Partial<Omit<ScheduledExportRow, "id" | "created_at" | "filters">> & {
  filters?: string;
};

export function insertScheduledExport(db: Kysely<DB>, values: ScheduledExportValues & { account_id: string }) {
  return db
    .insertInto("scheduled_exports")
    .values(values as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateScheduledExport(db: Kysely<DB>, id: string, values: ScheduledExportValues) {
  return db
    .updateTable("scheduled_exports")
    .set({ ...values, updated_at: new Date() } as never)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteScheduledExport(db: Kysely<DB>, id: string) {
  await db.deleteFrom("scheduled_exports").where("id", "=", id).execute();
}
