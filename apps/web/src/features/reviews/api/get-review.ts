import { reviewRoutes } from "@starboard/contract/routes/reviews";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { isResponseInFlight, RESPONSE_POLL_MS } from "./get-reviews";

export function getReview(id: string, signal?: AbortSignal) {
  return call(reviewRoutes.getReview, { params: { id } }, { signal });
}

export const getReviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["reviews", "detail", id],
    queryFn: ({ signal }) => getReview(id, signal),
    refetchInterval: (q) => (q.state.data && isResponseInFlight(q.state.data) ? RESPONSE_POLL_MS : false),
  });

export function useReview(id: string) {
  return useQuery(getReviewQueryOptions(id));
}
