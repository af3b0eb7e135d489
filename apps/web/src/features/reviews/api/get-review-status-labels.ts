import { reviewRoutes } from "@starboard/contract/routes/reviews";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** The account's review status labels, in their order. */
export function getReviewStatusLabels(signal?: AbortSignal) {
  return call(reviewRoutes.listStatusLabels, { query: { per_page: 100, "sort[by]": "ordinal" } }, { signal });
}

export const getReviewStatusLabelsQueryOptions = () =>
  queryOptions({
    queryKey: ["review-status-labels"],
    queryFn: ({ signal }) => getReviewStatusLabels(signal),
    select: (page) => page._embedded.review_status_labels,
    staleTime: 5 * 60_000,
  });

export function useReviewStatusLabels(enabled = true) {
  return useQuery({ ...getReviewStatusLabelsQueryOptions(), enabled });
}
