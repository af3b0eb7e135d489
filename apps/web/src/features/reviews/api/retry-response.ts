import { responseRoutes } from "@starboard/contract/routes/responses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { showRequestError } from "../../../lib/toast";

/** POST /responses/{id}/retry ("Retry now"). */
export function useRetryResponse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (responseId: string) => call(responseRoutes.retryResponse, { params: { id: responseId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["reviews"] }),
    onError: (error) => showRequestError(error, "Could not retry the response"),
  });
}
