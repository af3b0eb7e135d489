import { authRoutes } from "@starboard/contract/routes/auth";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** POST /passwords: e-mails a password-reset link (202, whether or not the address exists). */
export function requestPasswordReset(email: string) {
  return call(authRoutes.requestPasswordReset, { body: { email } }, { anonymous: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
