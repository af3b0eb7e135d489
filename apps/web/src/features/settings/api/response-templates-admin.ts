import type { TResponseTemplateWrite } from "@starboard/contract/reviews";
import { reviewRoutes } from "@starboard/contract/routes/reviews";
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
