import type { TReviewUpdate } from "@starboard/contract/reviews";
import { reviewRoutes } from "@starboard/contract/routes/reviews";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { showRequestError } from "../../../lib/toast";

/** PATCH /reviews/{id} with the status label (null clears it). */
export function updateReview({ id, ...body }: TReviewUpdate & { id: string }) {
  return call(reviewRoutes.updateReview, { params: { id }, body });
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
