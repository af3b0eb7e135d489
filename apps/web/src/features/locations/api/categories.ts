import { categoryRoutes } from "@starboard/contract/routes/location-details";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** Categories page size and search debounce (docs/product/locations.md §9). */
export const CATEGORIES_PER_PAGE = 25;
export const CATEGORY_SEARCH_DEBOUNCE_MS = 500;

/** GET /categories by name. */
export function useCategories(keywords: string, enabled: boolean) {
  return useQuery({
    queryKey: ["categories", keywords],
    queryFn: ({ signal }) =>
      call(
        categoryRoutes.listCategories,
        {
          query: {
            ...(keywords ? { keywords, search_type: "typeahead" as const } : {}),
            "sort[by]": keywords ? "relevance" : "name",
            "sort[order]": keywords ? "desc" : "asc",
            page: 1,
            per_page: CATEGORIES_PER_PAGE,
          },
        },
        { signal },
      ).then((page) => page._embedded.categories),
    enabled,
  });
}
