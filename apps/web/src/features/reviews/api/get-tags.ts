import { tagRoutes } from "@starboard/contract/routes/tags";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** The account's tags, offered as suggestions when tagging a review. */
export function getTags(signal?: AbortSignal) {
  return call(tagRoutes.listTags, { query: { per_page: 500, "sort[by]": "name" } }, { signal });
}

export const getTagsQueryOptions = () =>
  queryOptions({
    queryKey: ["tags"],
    queryFn: ({ signal }) => getTags(signal),
    select: (page) => page._embedded.tags.map((t) => t.name),
    staleTime: 60_000,
  });

export function useTags(enabled: boolean) {
  return useQuery({ ...getTagsQueryOptions(), enabled });
}
