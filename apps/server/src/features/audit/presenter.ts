import type { TAuditEntry } from "@starboard/contract/audit";
import type { Selectable } from "kysely";
import type { AuditLogTable } from "../../db/schema.ts";

export function presentAuditEntry(row: Selectable<AuditLogTable>): TAuditEntry {
  return {
    id: row.id,
    account_id: row.account_id,
    impersonation_id: row.impersonation_id,
    actor: row.actor,
    action: row.action,
    details: row.details ?? {},
    created_at: row.created_at.toISOString(),
  };
}
