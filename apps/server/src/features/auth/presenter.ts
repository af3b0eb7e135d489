import type { TSession } from "@starboard/contract/auth";
import type { Selectable } from "kysely";
import type { WhitelabelsTable } from "../../db/schema.ts";
import type { Actor } from "../../platform/auth.ts";
import { presentAccount, presentWhitelabel, trialOf } from "../accounts/index.ts";

/**
 * The session as the client gets it: who is signed in, where, the permission summary and settings the
 * client gates by, and the trial facts (decided here, never re-derived by the client).
 */
export function presentSession(
  actor: Actor,
  extra: { totalLocations: number; whitelabel: Selectable<WhitelabelsTable> | undefined; token?: string | undefined },
  now = new Date(),
): TSession {
  const expired = actor.user.password_expires_at && new Date(actor.user.password_expires_at) < now;
  return {
    ...(extra.token ? { token: extra.token } : {}),
    user_id: actor.user.id,
    account_id: actor.account.id,
    email: actor.user.email,
    name: actor.user.name,
    permissions: actor.permissions,
    user_type_id: actor.user.user_type_id,
    is_parent: actor.isParent,
    is_account_owner: actor.user.is_account_owner && actor.user.account_id === actor.account.id,
    is_shadowing: actor.shadowing,
    is_impersonated: Boolean(actor.impersonatedBy),
    impersonated_by: actor.impersonatedBy,
    shadow_parent_account_id: actor.shadowing ? actor.user.account_id : null,
    status: expired ? "expired" : actor.user.status,
    expires_at: actor.expiresAt.toISOString(),
    account: presentAccount(actor.account, { total_locations: extra.totalLocations, is_parent: actor.isParent }),
    whitelabel: extra.whitelabel ? presentWhitelabel(extra.whitelabel) : null,
    settings: actor.settings,
    trial: trialOf(actor.account, { isParent: actor.isParent, settings: actor.settings }, now),
  };
}
