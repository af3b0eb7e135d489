import type { RouteInput } from "@starboard/contract/route";
import { savedFilterRoutes } from "@starboard/contract/routes/saved-filters";
import { SAVED_FILTERS_PER_PAGE, type TSavedFilterConfigInput } from "@starboard/contract/saved-filters";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";

type TListQuery = NonNullable<RouteInput<typeof savedFilterRoutes.listSavedFilters>["query"]>;

export const savedFilterKeys = {
  all: ["saved-filters"] as const,
  list: (accountId: string, userId: string) => ["saved-filters", "list", accountId, userId] as const,
};

/** GET /user_preferences: the user's saved filters, 25 a page by name ascending, page after page (infinite scroll). */
export function useSavedFilterPages(accountId: string, userId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: savedFilterKeys.list(accountId, userId),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const query: TListQuery = {
        account_id: accountId,
        user_id: userId,
        preference_type: "saved_filters",
        page: pageParam,
        per_page: SAVED_FILTERS_PER_PAGE,
        "sort[by]": "name",
        "sort[order]": "asc",
      };
      return call(savedFilterRoutes.listSavedFilters, { query }, { signal });
    },
    getNextPageParam: (last) => (last._page < last._total_pages ? last._page + 1 : undefined),
  });
}

export function useSavedFilterMutations(accountId: string) {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: savedFilterKeys.all });
  const create = useMutation({
    mutationFn: (input: { name: string; config: TSavedFilterConfigInput }) =>
      call(savedFilterRoutes.createSavedFilter, {
        body: { account_id: accountId, preference_type: "saved_filters", ...input },
      }),
    onSuccess: invalidate,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: { id: string; name?: string; config?: TSavedFilterConfigInput }) =>
      call(savedFilterRoutes.updateSavedFilter, { params: { id }, body }),
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(savedFilterRoutes.deleteSavedFilter, { params: { id } }),
    onSuccess: invalidate,
  });
  return { create, update, remove };
}
