import type { THalPage } from "@starboard/contract/hal";
import type { TResponseTemplate } from "@starboard/contract/reviews";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export function getResponseTemplates(signal?: AbortSignal) {
  return api.get<THalPage<"response_templates", TResponseTemplate>>(
    "/response_templates",
    { per_page: 250, "sort[by]": "name" },
    signal,
  );
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
