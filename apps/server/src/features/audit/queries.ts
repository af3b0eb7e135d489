import type { ScopedDb } from "../../platform/access.ts";

export async function countAuditEntries(db: ScopedDb, accountId: string) {
  const row = await db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("audit_log.account_id", "=", accountId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function selectAuditEntries(db: ScopedDb, accountId: string, limit: number, offset: number) {
  return db
    .selectFrom("audit_log")
    .selectAll()
    .where("audit_log.account_id", "=", accountId)
    .orderBy("audit_log.created_at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}
