import { authRoutes } from "@starboard/contract/routes/auth";
import { call } from "./api";

/** POST /auth: signs in; answers the session with its token. */
export function createSession(email: string, password: string) {
  return call(authRoutes.signIn, { body: { email, password } }, { anonymous: true });
}

/** GET /auth: the session of the current credentials. */
export function getSession() {
  return call(authRoutes.getSession, {});
}

/** DELETE /auth: revokes the current token. */
export function deleteSession() {
  return call(authRoutes.signOut, {});
}
