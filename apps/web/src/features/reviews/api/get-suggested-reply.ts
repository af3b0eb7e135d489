import { triageRoutes } from "@starboard/contract/routes/triage";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { showRequestError } from "../../../lib/toast";

/** GET /reviews/{id}/suggested_reply: a draft from the review's mentions, for the person to edit. */
export function useSuggestedReply() {
  return useMutation({
    mutationFn: (reviewId: string) => call(triageRoutes.suggestedReply, { params: { id: reviewId } }),
    onError: (error) => showRequestError(error, "Could not suggest a reply"),
  });
}
