import { authRoutes } from "@starboard/contract/routes/auth";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** PATCH /passwords: sets a new password with the token from the reset e-mail. */
export function resetPassword(body: { reset_password_token: string; password: string }) {
  return call(authRoutes.resetPassword, { body }, { anonymous: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
