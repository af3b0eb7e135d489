import type { TResponse, TResponseCreate } from "@starboard/contract/reviews";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { showRequestError } from "../../../lib/toast";

/** POST /responses: stored pending, published in the background. */
export function createResponse(body: TResponseCreate) {
  return api.post<TResponse>("/responses", body);
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
