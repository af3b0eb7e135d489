import { triageRoutes } from "@starboard/contract/routes/triage";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { showRequestError } from "../../../lib/toast";

/** PUT /reviews/{id}/assignment: a user of the account, or null to unassign. */
export function assignReview({ id, userId }: { id: string; userId: string | null }) {
  return call(triageRoutes.assignReview, { params: { id }, body: { user_id: userId } });
}

export function useAssignReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: assignReview,
    onSuccess: (review) => {
      qc.setQueryData(["reviews", "detail", review.id], review);
      void qc.invalidateQueries({ queryKey: ["reviews"] });
    },
    onError: (error) => showRequestError(error, "Could not assign the review"),
  });
}

/** GET /review_assignees: who reviews can be assigned to. */
export const getAssigneesQueryOptions = () =>
  queryOptions({
    queryKey: ["review-assignees"],
    queryFn: ({ signal }) => call(triageRoutes.listAssignees, { query: {} }, { signal }),
    select: (data) => data.assignees,
    staleTime: 5 * 60_000,
  });

export function useAssignees(enabled = true) {
  return useQuery({ ...getAssigneesQueryOptions(), enabled });
}
