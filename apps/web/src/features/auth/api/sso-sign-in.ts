import { authRoutes } from "@starboard/contract/routes/auth";
import { call } from "../../../lib/api";

/**
 * Exchanges a single sign-on token for a session. The spec names the route (/sso-login/{token})
 * but not the call; Starboard uses POST /auth/sso { token } (see the API reference).
 */
export function ssoSignIn(token: string) {
  return call(authRoutes.ssoSignIn, { body: { token } }, { anonymous: true });
}
