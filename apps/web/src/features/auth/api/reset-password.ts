import { useMutation } from "@tanstack/react-query";
import { request } from "../../../lib/api";

/** PATCH /passwords: sets a new password with the token from the reset e-mail. */
export function resetPassword(input: { reset_password_token: string; password: string }) {
  return request<unknown>("PATCH", "/passwords", { body: input, anonymous: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
