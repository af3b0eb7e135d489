import type { TResponseTemplateWrite } from "@starboard/contract/reviews";
import type { RouteInput } from "@starboard/contract/route";
import { reviewRoutes } from "@starboard/contract/routes/reviews";
import { sourceRoutes } from "@starboard/contract/routes/sources";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";

// /settings/response-templates: the account's response templates (create, edit, delete).

const KEY = ["response-templates"] as const;

export const getTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: [...KEY, "admin"],
    queryFn: ({ signal }) =>
      call(reviewRoutes.listResponseTemplates, { query: { per_page: 250, "sort[by]": "name" } }, { signal }),
    select: (page) => page._embedded.response_templates,
  });

export const useTemplates = () => useQuery(getTemplatesQueryOptions());

export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TResponseTemplateWrite & { id?: string }) =>
      id
        ? call(reviewRoutes.updateResponseTemplate, { params: { id }, body })
        : call(reviewRoutes.createResponseTemplate, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(reviewRoutes.deleteResponseTemplate, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET /sources: the sources the account has listings or reviews on, offered to limit a template. */
export const useTemplateSources = () =>
  useQuery({
    queryKey: [...KEY, "sources"],
    queryFn: ({ signal }) =>
      call(
        sourceRoutes.listSources,
        {
          query: { page: 1, per_page: 500, sort: "name" } as NonNullable<
            RouteInput<typeof sourceRoutes.listSources>["query"]
          >,
        },
        { signal },
      ),
    select: (page) => page._embedded.sources.map((s) => ({ value: s.id, label: s.name })),
    staleTime: 5 * 60_000,
  });
