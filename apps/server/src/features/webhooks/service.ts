import type { TNotify, TNotifyResult } from "@starboard/contract/system";
import { accountIdFor, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { insertWebhookEvent } from "./queries.ts";

/**
 * Records an internal event the client reports (feature use, notifications seen).
 * The user named must be the caller or a user of an account it reaches (else 404).
 * Impersonated sessions are accepted but not recorded, as analytics leave them out.
 */
export async function recordEvent(ctx: AppContext, actor: Actor, input: TNotify): Promise<TNotifyResult> {
  const accountId = accountIdFor(actor, input.account_id);
  const userId = input.user_id ?? actor.user.id;
  if (userId !== actor.user.id) await scoped(ctx.database.db, actor).find("users", userId);
  if (actor.impersonatedBy) return { id: null, recorded: false };
  const id = await insertWebhookEvent(ctx.database.db, {
    accountId,
    userId,
    event: input.event,
    notificationType: input.notification_type ?? null,
    featureName: input.feature_name ?? null,
    payload: { shadowing: actor.shadowing },
  });
  return { id, recorded: true };
}
