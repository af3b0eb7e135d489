import type { TSession, TSignupRequest } from "@starboard/contract/auth";
import { useMutation } from "@tanstack/react-query";
import { request } from "../../../lib/api";

/** POST /signup/user: creates the account and its first user; answers the signed-in session. */
export function signUp(body: TSignupRequest) {
  return request<TSession>("POST", "/signup/user", { body, anonymous: true });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
