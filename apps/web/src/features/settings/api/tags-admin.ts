import { reviewRoutes } from "@starboard/contract/routes/reviews";
import { tagRoutes } from "@starboard/contract/routes/tags";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";

// /settings/tags: the account's tags and review status labels with their counts; rename, merge, delete.

export const tagAdminKeys = { tags: ["tags", "admin"] as const, labels: ["review-status-labels", "admin"] as const };

export const getAdminTagsQueryOptions = () =>
  queryOptions({
    queryKey: tagAdminKeys.tags,
    queryFn: ({ signal }) => call(tagRoutes.listTags, { query: { per_page: 500, "sort[by]": "name" } }, { signal }),
    select: (page) => page._embedded.tags,
  });

export const getAdminLabelsQueryOptions = () =>
  queryOptions({
    queryKey: tagAdminKeys.labels,
    queryFn: ({ signal }) =>
      call(reviewRoutes.listStatusLabels, { query: { per_page: 100, "sort[by]": "ordinal" } }, { signal }),
    select: (page) => page._embedded.review_status_labels,
  });

export const useAdminTags = () => useQuery(getAdminTagsQueryOptions());
export const useAdminLabels = () => useQuery(getAdminLabelsQueryOptions());

type Kind = "tag" | "label";

function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ["tags"] }),
      qc.invalidateQueries({ queryKey: ["review-status-labels"] }),
      qc.invalidateQueries({ queryKey: ["reviews"] }),
    ]);
}

export function useRename(kind: Kind) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      kind === "tag"
        ? call(tagRoutes.updateTag, { params: { id }, body: { name } })
        : call(reviewRoutes.updateStatusLabel, { params: { id }, body: { name } }),
    onSuccess: invalidate,
  });
}

export function useMerge(kind: Kind) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, intoId }: { id: string; intoId: string }) =>
      kind === "tag"
        ? call(tagRoutes.mergeTag, { params: { id }, body: { into_id: intoId } })
        : call(reviewRoutes.mergeStatusLabel, { params: { id }, body: { into_id: intoId } }),
    onSuccess: invalidate,
  });
}

export function useRemove(kind: Kind) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      kind === "tag"
        ? call(tagRoutes.deleteTag, { params: { id } })
        : call(reviewRoutes.deleteStatusLabel, { params: { id } }),
    onSuccess: invalidate,
  });
}
