import type { TAlertPatch } from "@starboard/contract/alerts";
import { alertRoutes } from "@starboard/contract/routes/alerts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { alertKeys } from "./get-alerts";

/** PATCH /alerts/{id}: the fields sent (`enabled: true` switches the alert on again after an unsubscribe). */
export function updateAlert({ id, ...body }: TAlertPatch & { id: string }) {
  return call(alertRoutes.updateAlert, { params: { id }, body });
}

export function useUpdateAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAlert,
    onSuccess: (alert) => {
      qc.setQueryData(alertKeys.detail(alert.id), alert);
      return qc.invalidateQueries({ queryKey: alertKeys.all });
    },
  });
}
