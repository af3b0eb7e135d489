import { useMutation } from "@tanstack/react-query";
import { request } from "../../../lib/api";

/** POST /passwords: e-mails a password-reset link (202, whether or not the address exists). */
export function requestPasswordReset(email: string) {
  return request<void>("POST", "/passwords", { body: { email }, anonymous: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
