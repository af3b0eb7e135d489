import { userRoutes } from "@starboard/contract/routes/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** DELETE /users/{id}. */
export function deleteUser(id: string) {
  return call(userRoutes.deleteUser, { params: { id } });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: ["user", id] });
      return qc.invalidateQueries({ queryKey: ["users"] });
    },
  });
}
