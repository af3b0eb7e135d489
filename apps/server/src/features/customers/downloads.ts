import { Readable } from "node:stream";
import { CUSTOMER_MESSAGES, RECIPIENT_TEMPLATE_COLUMNS } from "@starboard/contract/customers";
import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";
import { isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { presentReportRow } from "./presenter.ts";
import { customAttributeKeys, doNotContactPage, reportRows } from "./queries.ts";
import { checkAskOn, toolAccount } from "./service.ts";

const PAGE = 5000;

function attachment(reply: FastifyReply, name: string) {
  const day = new Date().toISOString().slice(0, 10);
  reply.header("Content-Disposition", `attachment; filename="${name}-${day}.csv"`);
  reply.header("Cache-Control", "private, no-store");
  reply.type("text/csv; charset=utf-8");
}

/** CSV text of pages read one after another until a short page: the header, then each page's rows. */
async function* pages<R>(header: string[], read: (offset: number) => Promise<R[]>, cells: (row: R) => unknown[]) {
  yield stringify([header]);
  for (let offset = 0; ; offset += PAGE) {
    const rows = await read(offset);
    if (rows.length > 0) yield stringify(rows.map(cells));
    if (rows.length < PAGE) return;
  }
}

/** GET /api/export/csv/recipient_template: the columns an upload reads, and an example row. */
export async function recipientTemplateCsv(
  ctx: AppContext,
  actor: Actor,
  query: { account_id?: string | undefined },
  reply: FastifyReply,
) {
  await toolAccount(ctx, actor, query.account_id);
  attachment(reply, "recipient_template");
  return stringify([RECIPIENT_TEMPLATE_COLUMNS, ["Pat Jones", "pat@example.com", "(512) 555-0100", "", "", "yes"]]);
}

/** GET /api/export/csv/do_not_contact: the whole list, streamed. */
export async function doNotContactCsv(
  ctx: AppContext,
  actor: Actor,
  query: { account_id?: string | undefined },
  reply: FastifyReply,
) {
  const accountId = await toolAccount(ctx, actor, query.account_id);
  attachment(reply, "do_not_contact");
  const db = ctx.database.db;
  return Readable.from(
    pages(
      ["email", "phone", "reason", "created_at"],
      (offset) => doNotContactPage(db, accountId, offset, PAGE),
      (r) => [r.email ?? "", r.phone ?? "", r.reason ?? "", new Date(r.created_at).toISOString()],
    ),
  );
}

/** GET /api/export/csv/failed_upload_recipients?upload_id=: the rejected rows as sent, with row and reason. */
export async function failedUploadRecipientsCsv(
  ctx: AppContext,
  actor: Actor,
  query: { account_id?: string | undefined; upload_id?: string | undefined },
  reply: FastifyReply,
) {
  const accountId = await toolAccount(ctx, actor, query.account_id);
  if (!query.upload_id) throw AppError.invalid("upload_id", CUSTOMER_MESSAGES.chooseUpload);
  if (!isUuid(query.upload_id)) throw AppError.notFound();
  const upload = await scoped(ctx.database.db, actor).find("contact_uploads", query.upload_id);
  if (upload.account_id !== accountId) throw AppError.notFound();
  await checkAskOn(ctx.database.db, upload.account_id);
  const result = (upload.result ?? {}) as { columns?: string[] };
  const columns = (result.columns ?? ["name", "email", "phone"]).filter((c) => c !== "");
  attachment(reply, "failed_upload_recipients");
  const db = ctx.database.db;
  return Readable.from(
    pages(
      ["row", "reason", ...columns],
      (offset) => reportRows(db, upload.id, offset, PAGE),
      (r) => {
        const row = presentReportRow(r);
        return [row.row, row.message, ...columns.map((c) => row.values[c] ?? "")];
      },
    ),
  );
}

/** GET /api/export/csv/microsurvey_custom_attributes: the custom attribute keys in use, with how many customers carry each. */
export async function customAttributesCsv(
  ctx: AppContext,
  actor: Actor,
  query: { account_id?: string | undefined },
  reply: FastifyReply,
) {
  const accountId = await toolAccount(ctx, actor, query.account_id);
  const rows = await customAttributeKeys(ctx.database.db, accountId);
  attachment(reply, "microsurvey_custom_attributes");
  return stringify([["custom_attribute", "customers"], ...rows.map((r) => [r.key, r.customers])]);
}
