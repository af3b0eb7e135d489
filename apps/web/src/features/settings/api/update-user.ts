import { userRoutes } from "@starboard/contract/routes/users";
import type { TUserUpdate } from "@starboard/contract/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** PATCH /users/{id}: details ({name, email, user_type_id}) or a password change ({current_password, password}). */
export function updateUser({ id, ...body }: TUserUpdate & { id: string }) {
  return call(userRoutes.updateUser, { params: { id }, body });
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
