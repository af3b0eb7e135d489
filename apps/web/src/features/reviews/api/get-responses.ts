import type { TResponse } from "@starboard/contract/reviews";
import { responseRoutes } from "@starboard/contract/routes/responses";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { RESPONSE_POLL_MS } from "./get-reviews";

/** GET /responses?review_id=: the review's live response (a list of at most one). */
export function getResponses(reviewId: string, signal?: AbortSignal) {
  return call(responseRoutes.listResponses, { query: { review_id: reviewId } }, { signal });
}

const inFlight = (r: TResponse) => r.status === "pending" || r.status === "pending_delete";

export const getResponsesQueryOptions = (reviewId: string) =>
  queryOptions({
    queryKey: ["responses", reviewId],
    queryFn: ({ signal }) => getResponses(reviewId, signal),
    refetchInterval: (q) => (q.state.data?._embedded.responses.some(inFlight) ? RESPONSE_POLL_MS : false),
  });

export function useResponses(reviewId: string) {
  return useQuery(getResponsesQueryOptions(reviewId));
}
