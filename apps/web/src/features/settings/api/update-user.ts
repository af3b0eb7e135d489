import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { TUser } from "./types";

export type UpdateUserInput =
  | { id: string; name: string; email: string; user_type_id?: number }
  | { id: string; current_password: string; password: string };

/** PATCH /users/{id}: details ({name, email, user_type_id}) or a password change. */
export function updateUser({ id, ...body }: UpdateUserInput) {
  return api.patch<TUser>(`/users/${encodeURIComponent(id)}`, body);
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (_data, input) => {
      void qc.invalidateQueries({ queryKey: ["users"] });
      void qc.invalidateQueries({ queryKey: ["user", input.id] });
    },
  });
}
