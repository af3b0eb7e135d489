import type { TSession } from "@starboard/contract/auth";
import { request } from "../../../lib/api";

/**
 * Exchanges a single sign-on token for a session. The spec names the route (/sso-login/{token})
 * but not the call; Starboard uses POST /auth/sso { token } (see the API reference).
 */
export function ssoSignIn(token: string) {
  return request<TSession>("POST", "/auth/sso", { body: { token }, anonymous: true });
}
