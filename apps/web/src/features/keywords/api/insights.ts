import type { RouteDefinition, RouteInput } from "@starboard/contract/route";
import { insightsRoutes } from "@starboard/contract/routes/insights";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call, type Query } from "../../../lib/api";

/** The route's query as a caller sends it (the page builds it from its filters). */
type QueryOf<R extends RouteDefinition> = NonNullable<RouteInput<R>["query"]>;

// The insights calls of the keyword screens (docs/product/reviews.md §7), each by its route definition.

export function useMentioned(accountId: string, query: Query) {
  return useQuery({
    queryKey: ["insights", "mentioned", accountId, query],
    queryFn: ({ signal }) =>
      call(
        insightsRoutes.listMentioned,
        { params: { account_id: accountId }, query: query as QueryOf<typeof insightsRoutes.listMentioned> },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useKeywordDetails(accountId: string, query: Query) {
  return useQuery({
    queryKey: ["insights", "keyword-details", accountId, query],
    queryFn: ({ signal }) =>
      call(
        insightsRoutes.getKeywordDetails,
        { params: { account_id: accountId }, query: query as QueryOf<typeof insightsRoutes.getKeywordDetails> },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useKeywordReviews(accountId: string, query: Query) {
  return useQuery({
    queryKey: ["insights", "keyword-reviews", accountId, query],
    queryFn: ({ signal }) =>
      call(
        insightsRoutes.listKeywordReviews,
        { params: { account_id: accountId }, query: query as QueryOf<typeof insightsRoutes.listKeywordReviews> },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Category insights are requested only when both dates exist (docs/product/reviews.md §5). */
export function useCategories(accountId: string, query: Query, enabled = true) {
  return useQuery({
    queryKey: ["insights", "categories", accountId, query],
    queryFn: ({ signal }) =>
      call(
        insightsRoutes.listCategories,
        { params: { account_id: accountId }, query: query as QueryOf<typeof insightsRoutes.listCategories> },
        { signal },
      ),
    enabled: enabled && Boolean(query.published_after && query.published_before),
    placeholderData: keepPreviousData,
  });
}

export function useCategoryRank(accountId: string, query: Query, enabled = true) {
  return useQuery({
    queryKey: ["insights", "category-rank", accountId, query],
    queryFn: ({ signal }) =>
      call(
        insightsRoutes.getCategoryRank,
        { params: { account_id: accountId }, query: query as QueryOf<typeof insightsRoutes.getCategoryRank> },
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}
