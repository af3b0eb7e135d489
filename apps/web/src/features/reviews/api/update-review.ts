import type { TReview, TReviewUpdate } from "@starboard/contract/reviews";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { showRequestError } from "../../../lib/toast";

/** PATCH /reviews/{id} with the status label (null clears it). */
export function updateReview({ id, ...body }: TReviewUpdate & { id: string }) {
  return api.patch<TReview>(`/reviews/${encodeURIComponent(id)}`, body);
}

export function useUpdateReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateReview,
    onSuccess: (review) => {
      qc.setQueryData(["reviews", "detail", review.id], review);
      void qc.invalidateQueries({ queryKey: ["reviews"] });
    },
    onError: (error) => showRequestError(error, "Could not update the review status"),
  });
}
