import type { TReviewHistoryList } from "@starboard/contract/reviews";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export const HISTORY_PER_PAGE = 25;

export function getReviewHistory(id: string, page: number, signal?: AbortSignal) {
  return api.get<TReviewHistoryList>(
    `/reviews/${encodeURIComponent(id)}/history`,
    { page, per_page: HISTORY_PER_PAGE },
    signal,
  );
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
