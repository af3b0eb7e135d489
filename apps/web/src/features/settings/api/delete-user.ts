import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export function deleteUser(id: string) {
  return api.delete<void>(`/users/${encodeURIComponent(id)}`);
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
