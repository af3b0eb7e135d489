import type { TAuditLog } from "@starboard/contract/audit";
import type { TListQuery } from "@starboard/contract/hal";
import { accountIdFor, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { offsetPage } from "../../platform/list.ts";
import { presentAuditEntry } from "./presenter.ts";
import { countAuditEntries, selectAuditEntries } from "./queries.ts";

/** GET /api/audit_log: the account's entries, newest first (`account_id` of another account answers 404). */
export async function listAuditLog(ctx: AppContext, actor: Actor, query: TListQuery, url: string): Promise<TAuditLog> {
  const accountId = accountIdFor(actor, query.account_id);
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "audit_log",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countAuditEntries(db, accountId),
    rows: (limit, offset) => selectAuditEntries(db, accountId, limit, offset),
    present: (rows) => rows.map(presentAuditEntry),
  });
}
