import { responseRoutes } from "@starboard/contract/routes/responses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { showRequestError } from "../../../lib/toast";

/** DELETE /responses/{id}: pending_delete, removed in the background. */
export function deleteResponse({ id }: { id: string; reviewId: string }) {
  return call(responseRoutes.deleteResponse, { params: { id } });
}

export function useDeleteResponse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteResponse,
    onSuccess: (_data, input) => {
      void qc.invalidateQueries({ queryKey: ["reviews"] });
      void qc.invalidateQueries({ queryKey: ["responses", input.reviewId] });
      void qc.invalidateQueries({ queryKey: ["metrics"] });
    },
    onError: (error) => showRequestError(error, "Could not delete the response"),
  });
}
