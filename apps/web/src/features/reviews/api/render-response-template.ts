import { reviewRoutes } from "@starboard/contract/routes/reviews";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { showRequestError } from "../../../lib/toast";

/** POST /response_templates/{id}/render: the template with the review's placeholders filled in. */
export function renderResponseTemplate({ templateId, reviewId }: { templateId: string; reviewId: string }) {
  return call(reviewRoutes.renderResponseTemplate, { params: { id: templateId }, body: { review_id: reviewId } });
}

export function useRenderResponseTemplate() {
  return useMutation({
    mutationFn: renderResponseTemplate,
    onError: (error) => showRequestError(error, "Could not use the template"),
  });
}
