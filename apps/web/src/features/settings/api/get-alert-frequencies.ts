import { alertRoutes } from "@starboard/contract/routes/alerts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** GET /alert_frequencies: instant, daily digest, weekly digest. */
export function getAlertFrequencies(signal?: AbortSignal) {
  return call(alertRoutes.listAlertFrequencies, {}, { signal });
}

export const getAlertFrequenciesQueryOptions = () =>
  queryOptions({
    queryKey: ["alert_frequencies"],
    queryFn: ({ signal }) => getAlertFrequencies(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAlertFrequencies() {
  return useQuery(getAlertFrequenciesQueryOptions());
}
