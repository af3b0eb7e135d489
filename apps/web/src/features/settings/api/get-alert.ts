import { alertRoutes } from "@starboard/contract/routes/alerts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { alertKeys } from "./get-alerts";

/** GET /alerts/{id}: one of the signed-in user's alerts. */
export function getAlert(id: string, signal?: AbortSignal) {
  return call(alertRoutes.getAlert, { params: { id } }, { signal });
}

export const getAlertQueryOptions = (id: string) =>
  queryOptions({ queryKey: alertKeys.detail(id), queryFn: ({ signal }) => getAlert(id, signal) });

export function useAlert(id: string) {
  return useQuery(getAlertQueryOptions(id));
}
