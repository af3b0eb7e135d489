import type { TMetricsOverview } from "@starboard/contract/metrics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, type Query } from "../../../lib/api";

export function getMetricsOverview(accountId: string, query: Query, signal?: AbortSignal) {
  return api.get<TMetricsOverview>(`/metrics/${encodeURIComponent(accountId)}/overview`, query, signal);
}

export const getMetricsOverviewQueryOptions = (accountId: string, query: Query) =>
  queryOptions({
    queryKey: ["metrics", "overview", accountId, query],
    queryFn: ({ signal }) => getMetricsOverview(accountId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useMetricsOverview(accountId: string, query: Query) {
  return useQuery(getMetricsOverviewQueryOptions(accountId, query));
}
