import type { TSession } from "@starboard/contract/auth";
import { api } from "../../../lib/api";

/** POST /shadow_user/tokens: a session in a child account for the signed-in parent user. */
export function createShadowToken(childAccountId: string) {
  return api.post<TSession>("/shadow_user/tokens", { child_account_id: childAccountId });
}
