import type { TSession } from "@starboard/contract/auth";
import { api, request } from "./api";

/** POST /auth: signs in; answers the session with its token. */
export function createSession(email: string, password: string) {
  return request<TSession>("POST", "/auth", { body: { email, password }, anonymous: true });
}

/** GET /auth: the session of the current credentials. */
export function getSession() {
  return api.get<TSession>("/auth");
}

/** DELETE /auth: revokes the current token. */
export function deleteSession() {
  return api.delete<void>("/auth");
}
