import { reviewRoutes } from "@starboard/contract/routes/reviews";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export function getResponseTemplates(signal?: AbortSignal) {
  return call(reviewRoutes.listResponseTemplates, { query: { per_page: 250, "sort[by]": "name" } }, { signal });
}

export const getResponseTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: ["response-templates"],
    queryFn: ({ signal }) => getResponseTemplates(signal),
    select: (page) => page._embedded.response_templates,
    staleTime: 5 * 60_000,
  });

/** Loaded when a respond box opens. */
export function useResponseTemplates(enabled: boolean) {
  return useQuery({ ...getResponseTemplatesQueryOptions(), enabled });
}
