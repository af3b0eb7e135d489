import type { TMetricsQuery } from "@starboard/contract/metrics";
import { metricsRoutes } from "@starboard/contract/routes/metrics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export function getMetricsOverview(accountId: string, query: TMetricsQuery, signal?: AbortSignal) {
  return call(metricsRoutes.metricsOverview, { params: { account_id: accountId }, query }, { signal });
}

export const getMetricsOverviewQueryOptions = (accountId: string, query: TMetricsQuery) =>
  queryOptions({
    queryKey: ["metrics", "overview", accountId, query],
    queryFn: ({ signal }) => getMetricsOverview(accountId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useMetricsOverview(accountId: string, query: TMetricsQuery) {
  return useQuery(getMetricsOverviewQueryOptions(accountId, query));
}
