import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, type Query } from "../../../lib/api";

/** GET /metrics/{account_id}/overview (apps/server/src/features/metrics/service.ts). */
export type TMetricsOverview = {
  total_reviews: number;
  avg_rating: number | null;
  ratings: Record<"1" | "2" | "3" | "4" | "5", number>;
  /** Percent of respondable reviews with a published response; null when none is respondable. */
  response_rate: number | null;
  /** Hours from publication to the first published response; null when nothing was answered. */
  avg_response_time: number | null;
  sentiment: { positive: number; negative: number; neutral: number };
  /** The top 4 sources plus Other (source_id null). */
  sources: { source_id: string | null; name: string; count: number }[];
  granularity: "day" | "week" | "month";
  timeseries: { date: string; total_reviews: number; avg_rating: number | null }[];
  previous_period: {
    total_reviews: number;
    avg_rating: number | null;
    published_after: string;
    published_before: string;
  };
  published_after: string;
  published_before: string;
};

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
