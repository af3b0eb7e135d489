import { reviewRoutes } from "@starboard/contract/routes/reviews";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export const HISTORY_PER_PAGE = 25;

export function getReviewHistory(id: string, page: number, signal?: AbortSignal) {
  return call(reviewRoutes.reviewHistory, { params: { id }, query: { page, per_page: HISTORY_PER_PAGE } }, { signal });
}

export const getReviewHistoryQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: ["reviews", "history", id, page],
    queryFn: ({ signal }) => getReviewHistory(id, page, signal),
    placeholderData: keepPreviousData,
  });

export function useReviewHistory(id: string, page: number) {
  return useQuery(getReviewHistoryQueryOptions(id, page));
}
