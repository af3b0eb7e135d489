import { alertRoutes } from "@starboard/contract/routes/alerts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { alertKeys } from "./get-alerts";

/** DELETE /alerts/{id}. */
export function deleteAlert(id: string) {
  return call(alertRoutes.deleteAlert, { params: { id } });
}

export function useDeleteAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAlert,
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: alertKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: alertKeys.all });
    },
  });
}
