import type { TReviewTagCreate } from "@starboard/contract/reviews";
import { tagRoutes } from "@starboard/contract/routes/tags";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { showRequestError } from "../../../lib/toast";

/** POST /review_tags {review_id, name}: finds or creates the account's tag and puts it on the review. */
export function createReviewTag(body: TReviewTagCreate) {
  return call(tagRoutes.createReviewTag, { body });
}

export function useCreateReviewTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createReviewTag,
    onSuccess: (_tag, input) => {
      void qc.invalidateQueries({ queryKey: ["reviews"] });
      void qc.invalidateQueries({ queryKey: ["tags"] });
      void qc.invalidateQueries({ queryKey: ["reviews", "history", input.review_id] });
    },
    onError: (error) => showRequestError(error, "Could not add the tag"),
  });
}
