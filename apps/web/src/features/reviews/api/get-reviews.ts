import type { TReview } from "@starboard/contract/reviews";
import type { RouteInput } from "@starboard/contract/route";
import { reviewRoutes } from "@starboard/contract/routes/reviews";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** The API query of the review list (GET /api/reviews), built from the page's filters and cursor. */
export type TReviewsQuery = RouteInput<typeof reviewRoutes.listReviews>["query"];

export function getReviews(query: TReviewsQuery, signal?: AbortSignal) {
  return call(reviewRoutes.listReviews, { query }, { signal });
}

/** A response on its way (publish or delete runs in the background): the list polls until it lands. */
export const isResponseInFlight = (review: Pick<TReview, "response">) =>
  review.response?.status === "pending" || review.response?.status === "pending_delete";

export const RESPONSE_POLL_MS = 1500;

export const getReviewsQueryOptions = (query: TReviewsQuery) =>
  queryOptions({
    queryKey: ["reviews", "list", query],
    queryFn: ({ signal }) => getReviews(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?._embedded.reviews.some(isResponseInFlight) ? RESPONSE_POLL_MS : false),
  });

export function useReviews(query: TReviewsQuery) {
  return useQuery(getReviewsQueryOptions(query));
}
