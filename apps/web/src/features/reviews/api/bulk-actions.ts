import { triageRoutes } from "@starboard/contract/routes/triage";
import type { TBulkAction, TBulkActionCreate } from "@starboard/contract/triage";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { showRequestError } from "../../../lib/toast";

const running = (b: TBulkAction | undefined) =>
  b?.status === "queued" || b?.status === "running" || b?.status === "undoing";

/** GET /review_bulk_actions, polled while the latest one runs (its progress). */
export const getBulkActionsQueryOptions = () =>
  queryOptions({
    queryKey: ["review-bulk-actions"],
    queryFn: ({ signal }) => call(triageRoutes.listBulkActions, { query: {} }, { signal }),
    select: (data) => data.bulk_actions,
    refetchInterval: (q) => (running(q.state.data?.bulk_actions[0]) ? 700 : false),
  });

export function useBulkActions(enabled: boolean) {
  return useQuery({ ...getBulkActionsQueryOptions(), enabled });
}

/** POST /review_bulk_actions: the change runs as a job; the list of changes shows its progress. */
export function useCreateBulkAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkActionCreate) => call(triageRoutes.createBulkAction, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["review-bulk-actions"] }),
    onError: (error) => showRequestError(error, "Could not start the change"),
  });
}

/** POST /review_bulk_actions/undo: the last change, each review back to what it was. */
export function useUndoBulkAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(triageRoutes.undoBulkAction, { body: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["review-bulk-actions"] }),
    onError: (error) => showRequestError(error, "Could not undo the change"),
  });
}

export { running as isBulkActionRunning };
