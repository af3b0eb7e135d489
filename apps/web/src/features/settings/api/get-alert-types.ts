import { alertRoutes } from "@starboard/contract/routes/alerts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** GET /alert_types: new review, negative review, response failed to publish. */
export function getAlertTypes(signal?: AbortSignal) {
  return call(alertRoutes.listAlertTypes, {}, { signal });
}

export const getAlertTypesQueryOptions = () =>
  queryOptions({
    queryKey: ["alert_types"],
    queryFn: ({ signal }) => getAlertTypes(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAlertTypes() {
  return useQuery(getAlertTypesQueryOptions());
}
