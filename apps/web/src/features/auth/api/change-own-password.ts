import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** PATCH /users/{id} with the current and the new password (expired passwords). */
export function changeOwnPassword(input: { userId: string; current_password: string; password: string }) {
  return api.patch<unknown>(`/users/${encodeURIComponent(input.userId)}`, {
    current_password: input.current_password,
    password: input.password,
  });
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
