import type { TResponseCreate } from "@starboard/contract/reviews";
import { responseRoutes } from "@starboard/contract/routes/responses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { showRequestError } from "../../../lib/toast";

/** POST /responses: stored pending, published in the background. */
export function createResponse(body: TResponseCreate) {
  return call(responseRoutes.createResponse, { body });
}

export function useCreateResponse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createResponse,
    onSuccess: (_response, input) => {
      void qc.invalidateQueries({ queryKey: ["reviews"] });
      void qc.invalidateQueries({ queryKey: ["responses", input.review_id] });
      void qc.invalidateQueries({ queryKey: ["metrics"] });
    },
    onError: (error) => showRequestError(error, "Could not publish the response"),
  });
}
