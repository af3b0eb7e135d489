import { userRoutes } from "@starboard/contract/routes/users";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** PATCH /users/{id} with the current and the new password (expired passwords). */
export function changeOwnPassword(input: { userId: string; current_password: string; password: string }) {
  return call(userRoutes.updateUser, {
    params: { id: input.userId },
    body: { current_password: input.current_password, password: input.password },
  });
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
