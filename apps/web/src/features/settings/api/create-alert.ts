import type { TAlertCreate } from "@starboard/contract/alerts";
import { alertRoutes } from "@starboard/contract/routes/alerts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { alertKeys } from "./get-alerts";

/** POST /alerts: an alert of the signed-in user. */
export function createAlert(body: TAlertCreate) {
  return call(alertRoutes.createAlert, { body });
}

export function useCreateAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createAlert,
    onSuccess: (alert) => {
      qc.setQueryData(alertKeys.detail(alert.id), alert);
      return qc.invalidateQueries({ queryKey: alertKeys.all });
    },
  });
}
