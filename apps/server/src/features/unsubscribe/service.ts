import { type TUnsubscribeKind, UNSUBSCRIBED_MESSAGE } from "@starboard/contract/system";
import { sql } from "kysely";
import { hashToken, newToken } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";

export interface UnsubscribeTarget {
  kind: TUnsubscribeKind;
  accountId: string;
  email: string;
  userId?: string | null;
  /** The alert, review request or scheduled export the e-mail is about. */
  resourceId?: string | null;
}

/**
 * A fresh unsubscribe link for an e-mail (`{publicUrl}/unsubscribe/{kind}/{token}`).
 * Only the token's hash is stored: the link is the one copy of the token.
 */
export async function unsubscribeLink(ctx: Pick<AppContext, "database" | "config">, target: UnsubscribeTarget) {
  const { token, hash } = newToken();
  await ctx.database.db
    .insertInto("email_unsubscribes")
    .values({
      kind: target.kind,
      token_hash: hash,
      account_id: target.accountId,
      user_id: target.userId ?? null,
      email: target.email,
      resource_id: target.resourceId ?? null,
    })
    .execute();
  return `${ctx.config.publicUrl}/unsubscribe/${target.kind}/${token}`;
}

/** Marks the link's address as unsubscribed; repeating it is harmless. Unknown links answer 404. */
export async function unsubscribe(ctx: Pick<AppContext, "database">, kind: TUnsubscribeKind, token: string) {
  const row = await ctx.database.db
    .updateTable("email_unsubscribes")
    .set({ unsubscribed_at: sql`coalesce(unsubscribed_at, now())` })
    .where("token_hash", "=", hashToken(token))
    .where("kind", "=", kind)
    .returning("id")
    .executeTakeFirst();
  if (!row) throw AppError.notFound("This unsubscribe link is invalid.");
  return { message: UNSUBSCRIBED_MESSAGE };
}

/**
 * Whether an address unsubscribed from this kind of e-mail of the account: from
 * everything of the kind (a link without a resource) or from this resource.
 */
export async function isUnsubscribed(ctx: Pick<AppContext, "database">, target: Omit<UnsubscribeTarget, "userId">) {
  let q = ctx.database.db
    .selectFrom("email_unsubscribes")
    .select("id")
    .where("account_id", "=", target.accountId)
    .where("kind", "=", target.kind)
    .where(sql`lower(email)`, "=", target.email.toLowerCase())
    .where("unsubscribed_at", "is not", null);
  const resourceId = target.resourceId;
  q = resourceId
    ? q.where((eb) => eb.or([eb("resource_id", "is", null), eb("resource_id", "=", resourceId)]))
    : q.where("resource_id", "is", null);
  return Boolean(await q.executeTakeFirst());
}
