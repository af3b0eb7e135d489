import type { TNotify } from "@starboard/contract/system";
import { assertOwned, resolveAccountId } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";

/**
 * Records an internal event the client reports (feature use, notifications seen).
 * The user named must be the caller or a user of an account it reaches (else 404).
 * Impersonated sessions are accepted but not recorded, as analytics leave them out.
 */
export async function recordEvent(ctx: AppContext, actor: Actor, input: TNotify) {
  const accountId = await resolveAccountId(ctx.database, actor, input.account_id);
  const userId = input.user_id ?? actor.user.id;
  if (userId !== actor.user.id) await assertOwned(ctx.database, actor, "users", userId);
  if (actor.impersonatedBy) return { id: null, recorded: false };
  const row = await ctx.database.db
    .insertInto("webhook_events")
    .values({
      account_id: accountId,
      user_id: userId,
      event: input.event,
      notification_type: input.notification_type ?? null,
      feature_name: input.feature_name ?? null,
      payload: JSON.stringify({ shadowing: actor.shadowing }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, recorded: true };
}
