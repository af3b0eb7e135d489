import type { RouteInput } from "@starboard/contract/route";
import { scheduledExportRoutes } from "@starboard/contract/routes/scheduled-exports";
import { userRoutes } from "@starboard/contract/routes/users";
import type { TScheduledExportCreate, TScheduledExportPatch } from "@starboard/contract/scheduled-exports";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";

export type TScheduledExportsQuery = NonNullable<
  RouteInput<typeof scheduledExportRoutes.listScheduledExports>["query"]
>;

export const scheduledExportKeys = {
  all: ["scheduled-exports"] as const,
  list: (query: TScheduledExportsQuery) => ["scheduled-exports", "list", query] as const,
  detail: (id: string) => ["scheduled-exports", "detail", id] as const,
};

/** GET /scheduled_exports: an Admin's list has everyone's, other users' their own. */
export function useScheduledExports(query: TScheduledExportsQuery) {
  return useQuery(
    queryOptions({
      queryKey: scheduledExportKeys.list(query),
      queryFn: ({ signal }) => call(scheduledExportRoutes.listScheduledExports, { query }, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /scheduled_exports/{id} (edit mode). */
export function useScheduledExport(id: string | undefined) {
  return useQuery({
    queryKey: scheduledExportKeys.detail(id ?? ""),
    enabled: Boolean(id),
    queryFn: ({ signal }) => call(scheduledExportRoutes.getScheduledExport, { params: { id: id! } }, { signal }),
  });
}

export function useSaveScheduledExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; body: TScheduledExportCreate }) =>
      input.id
        ? call(scheduledExportRoutes.updateScheduledExport, {
            params: { id: input.id },
            body: { ...(input.body as TScheduledExportPatch), id: input.id },
          })
        : call(scheduledExportRoutes.createScheduledExport, { body: input.body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: scheduledExportKeys.all }),
  });
}

/** Deletes each id; answers how many were deleted and how many were not. */
export function useDeleteScheduledExports() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(
        ids.map((id) => call(scheduledExportRoutes.deleteScheduledExport, { params: { id } })),
      );
      return {
        deleted: results.filter((r) => r.status === "fulfilled").length,
        failed: results.filter((r) => r.status === "rejected").length,
      };
    },
    onSettled: () => qc.invalidateQueries({ queryKey: scheduledExportKeys.all }),
  });
}

/** The account's users matching the words (recipient search, 250 ms debounced by the caller). */
export function useAccountUserSearch(accountId: string, keywords: string) {
  return useQuery({
    queryKey: ["scheduled-exports", "users", accountId, keywords],
    enabled: Boolean(accountId),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(
        userRoutes.listUsers,
        {
          query: {
            account_id: accountId,
            keywords: keywords || undefined,
            search_type: keywords ? "typeahead" : undefined,
            include_shadow_users: "false",
            per_page: 25,
            "sort[by]": "name",
            "sort[order]": "asc",
          },
        },
        { signal },
      ),
  });
}
