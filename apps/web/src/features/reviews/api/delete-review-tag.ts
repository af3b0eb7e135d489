import { tagRoutes } from "@starboard/contract/routes/tags";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { showRequestError } from "../../../lib/toast";

/** DELETE /review_tags?account_id&review_id&name (docs/product/reviews.md §7). */
export function deleteReviewTag(input: { accountId: string; reviewId: string; name: string }) {
  return call(tagRoutes.deleteReviewTagByName, {
    query: { account_id: input.accountId, review_id: input.reviewId, name: input.name },
  });
}

export function useDeleteReviewTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteReviewTag,
    onSuccess: (_data, input) => {
      void qc.invalidateQueries({ queryKey: ["reviews"] });
      void qc.invalidateQueries({ queryKey: ["reviews", "history", input.reviewId] });
    },
    onError: (error) => showRequestError(error, "Could not remove the tag"),
  });
}
