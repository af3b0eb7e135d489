import type { TReviewImport } from "@starboard/contract/ingestion";
import type { Selectable } from "kysely";
import type { ReviewImportsTable } from "../../db/schema.ts";

const iso = (d: Date | string) => new Date(d).toISOString();

/** An import's progress and report (its rows stay on the server); dates as ISO strings. */
export function presentImport(row: Omit<Selectable<ReviewImportsTable>, "rows">): TReviewImport {
  return {
    id: row.id,
    account_id: row.account_id,
    file_name: row.file_name,
    status: row.status,
    status_reason: row.status_reason,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    updated: row.updated,
    skipped: row.skipped,
    error_count: row.error_count,
    errors: row.errors ?? [],
    created_at: iso(row.created_at),
    finished_at: row.finished_at ? iso(row.finished_at) : null,
    _links: { self: { href: `/api/imports/${row.id}` } },
  };
}
