import { type TUnsubscribeKind, UNSUBSCRIBED_MESSAGE } from "@starboard/contract/system";
import { hashToken, newToken } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { findUnsubscription, insertUnsubscribeLink, markUnsubscribed } from "./queries.ts";

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
  await insertUnsubscribeLink(ctx.database.db, {
    kind: target.kind,
    tokenHash: hash,
    accountId: target.accountId,
    userId: target.userId ?? null,
    email: target.email,
    resourceId: target.resourceId ?? null,
  });
  return `${ctx.config.publicUrl}/unsubscribe/${target.kind}/${token}`;
}

/** Marks the link's address as unsubscribed; repeating it is harmless. Unknown links answer 404. */
export async function unsubscribe(ctx: Pick<AppContext, "database">, kind: TUnsubscribeKind, token: string) {
  const row = await markUnsubscribed(ctx.database.db, kind, hashToken(token));
  if (!row) throw AppError.notFound("This unsubscribe link is invalid.");
  return { message: UNSUBSCRIBED_MESSAGE };
}

/**
 * Whether an address unsubscribed from this kind of e-mail of the account: from
 * everything of the kind (a link without a resource) or from this resource.
 */
export async function isUnsubscribed(ctx: Pick<AppContext, "database">, target: Omit<UnsubscribeTarget, "userId">) {
  return Boolean(await findUnsubscription(ctx.database.db, target));
}
