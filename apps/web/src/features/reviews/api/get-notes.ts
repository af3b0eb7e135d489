import { reviewRoutes } from "@starboard/contract/routes/reviews";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export function getNotes(reviewId: string, signal?: AbortSignal) {
  return call(
    reviewRoutes.listNotes,
    { query: { review_id: reviewId, per_page: 100, "sort[by]": "created_at", "sort[order]": "desc" } },
    { signal },
  );
}

export const getNotesQueryOptions = (reviewId: string) =>
  queryOptions({
    queryKey: ["notes", reviewId],
    queryFn: ({ signal }) => getNotes(reviewId, signal),
    select: (page) => page._embedded.notes,
  });

export function useNotes(reviewId: string) {
  return useQuery(getNotesQueryOptions(reviewId));
}
