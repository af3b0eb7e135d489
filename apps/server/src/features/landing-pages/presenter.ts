import type { TRequestPage } from "@starboard/contract/landing-pages";
import type { Selectable } from "kysely";
import type { RequestPagesTable } from "../../db/schema.ts";

/** The account's landing page settings; before the first save, empty settings (id null). */
export function presentRequestPage(accountId: string, row: Selectable<RequestPagesTable> | undefined): TRequestPage {
  return {
    id: row?.id ?? null,
    account_id: accountId,
    contact_email: row?.contact_email ?? null,
    contact_number: row?.contact_number ?? null,
    logo_url: row?.logo_url ?? null,
    created_by_user_id: row?.created_by_user_id ?? null,
    updated_at: row ? row.updated_at.toISOString() : null,
  };
}
