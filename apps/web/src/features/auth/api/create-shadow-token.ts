import { authRoutes } from "@starboard/contract/routes/auth";
import { call } from "../../../lib/api";

/** POST /shadow_user/tokens: a session in a child account for the signed-in parent user. */
export function createShadowToken(childAccountId: string) {
  return call(authRoutes.shadowChild, { body: { child_account_id: childAccountId } });
}
