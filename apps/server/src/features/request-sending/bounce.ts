// Bounce notices (RFC 3464 delivery status notifications) posted raw to POST /api/webhooks/email-bounces.
// The notice names the request by the `X-Starboard-Request` header of the returned message (text/rfc822-headers
// or message/rfc822 part); it counts only when its Final-Recipient (when present) is that request's address and
// its Action is failed (or its Status 5.x.x): the request becomes failed (bounced), the address undeliverable.
import { simpleParser } from "mailparser";
import { isUuid } from "../../platform/access.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import * as q from "./queries.ts";

export interface BounceNotice {
  requestIds: string[];
  finalRecipients: string[];
  failed: boolean;
  diagnostic: string;
}

export async function parseBounce(raw: string): Promise<BounceNotice> {
  const parsed = await simpleParser(raw);
  const texts = [parsed.text ?? "", ...parsed.attachments.map((a) => a.content.toString("utf8"))].join("\n");
  const isReport = /^Final-Recipient:/im.test(texts) || /^Action:/im.test(texts);
  if (!isReport)
    throw new AppError("bad_request", "The body is not a delivery status notification (RFC 3464).", {
      body: "Not a delivery status notification",
    });
  const requestIds = [...texts.matchAll(/^X-Starboard-Request:\s*([0-9a-f-]{36})\s*$/gim)].map((m) => m[1] as string);
  const finalRecipients = [...texts.matchAll(/^Final-Recipient:\s*rfc822;\s*<?([^\s>]+)>?\s*$/gim)].map((m) =>
    (m[1] as string).toLowerCase(),
  );
  const actions = [...texts.matchAll(/^Action:\s*(\S+)/gim)].map((m) => (m[1] as string).toLowerCase());
  const statuses = [...texts.matchAll(/^Status:\s*(\d)\.\d{1,3}\.\d{1,3}/gim)].map((m) => m[1]);
  const failed = actions.includes("failed") || (actions.length === 0 && statuses.includes("5"));
  const diagnostic = /^Diagnostic-Code:\s*(.+)$/im.exec(texts)?.[1]?.trim() ?? "Bounced";
  return { requestIds: [...new Set(requestIds)].filter(isUuid), finalRecipients, failed, diagnostic };
}

export async function receiveBounce(ctx: AppContext, raw: string) {
  const notice = await parseBounce(raw);
  if (!notice.failed) return { bounced: 0 };
  const db = ctx.database.db;
  let bounced = 0;
  for (const id of notice.requestIds) {
    const r = await q.findRequestWithEmail(db, id);
    if (r?.channel !== "email" || !r.email) continue;
    if (notice.finalRecipients.length && !notice.finalRecipients.includes(r.email.toLowerCase())) continue;
    await db.transaction().execute(async (trx) => {
      await q.markFailed(trx, r.id, "bounced");
      await q.markUndeliverable(trx, r.contact_id, notice.diagnostic);
    });
    bounced += 1;
  }
  return { bounced };
}
