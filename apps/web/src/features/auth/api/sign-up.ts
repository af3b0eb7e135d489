import type { TSignupRequest } from "@starboard/contract/auth";
import { authRoutes } from "@starboard/contract/routes/auth";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** POST /signup/user: creates the account and its first user; answers the signed-in session. */
export function signUp(body: TSignupRequest) {
  return call(authRoutes.signUp, { body }, { anonymous: true });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
