import { useDebouncedValue } from "@mantine/hooks";
import type { THalPage } from "@starboard/contract/hal";
import type { TGroup, TLocation } from "@starboard/contract/locations";
import type { TSource } from "@starboard/contract/reviews";
import { groupRoutes } from "@starboard/contract/routes/groups";
import { locationRoutes } from "@starboard/contract/routes/locations";
import { sourceRoutes } from "@starboard/contract/routes/sources";
import { keepPreviousData, useInfiniteQuery, useQueries } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { ApiError, call, type Query } from "../../lib/api.ts";
import { showRequestError } from "../../lib/toast.ts";
import {
  FETCH_ERRORS,
  filterListQuery,
  nextPageOf,
  type TFilterListKind,
  TYPEAHEAD_DEBOUNCE_MS,
} from "./filter-options.ts";

type TItemOf = { groups: TGroup; locations: TLocation; sources: TSource };

/** What narrows each list besides the search: the locations of some groups; the sources' own query. */
type TExtraOf = { groups: Record<never, never>; locations: { group_id?: string[] }; sources: Query };

type TListPage<K extends TFilterListKind> = { keywords: string; page: number; extra: TExtraOf[K] };

/** How each dropdown fetches a page of its list and one item, by their routes. */
const FETCH: {
  [K in TFilterListKind]: {
    list: (p: TListPage<K>, signal: AbortSignal) => Promise<THalPage<K, TItemOf[K]>>;
    item: (id: string, signal: AbortSignal) => Promise<TItemOf[K]>;
  };
} = {
  groups: {
    list: (p, signal) => call(groupRoutes.listGroups, { query: filterListQuery("groups", p) }, { signal }),
    item: (id, signal) => call(groupRoutes.getGroup, { params: { id } }, { signal }),
  },
  locations: {
    list: (p, signal) => call(locationRoutes.listLocations, { query: filterListQuery("locations", p) }, { signal }),
    item: (id, signal) => call(locationRoutes.getLocation, { params: { id } }, { signal }),
  },
  sources: {
    list: (p, signal) => call(sourceRoutes.listSources, { query: filterListQuery("sources", p) }, { signal }),
    item: (id, signal) => call(sourceRoutes.getSource, { params: { id } }, { signal }),
  },
};

const LIST_ERROR: Record<TFilterListKind, string> = {
  groups: FETCH_ERRORS.groups,
  locations: FETCH_ERRORS.locations,
  sources: FETCH_ERRORS.sources,
};
const ITEM_ERROR: Record<TFilterListKind, string> = {
  groups: FETCH_ERRORS.groups,
  locations: FETCH_ERRORS.location,
  sources: FETCH_ERRORS.sources,
};

/** The query keys of the dropdown lists (other features invalidate them after editing groups or locations). */
export const filterListKeys = {
  all: ["filter-list"] as const,
  list: (kind: TFilterListKind, keywords: string, extra: Query) => ["filter-list", kind, keywords, extra] as const,
  item: (kind: TFilterListKind, id: string) => ["filter-list", kind, "item", id] as const,
};

/**
 * One dropdown's list: searched as the user types (debounced 300 ms), 25 a page, the next page
 * loaded on demand. A failure shows the spec's alert once and returns its text for the dropdown.
 */
export function useFilterList<K extends TFilterListKind>(kind: K, keywords: string, extra: TExtraOf[K] = {}) {
  const [debounced] = useDebouncedValue(keywords.trim(), TYPEAHEAD_DEBOUNCE_MS);
  const query = useInfiniteQuery({
    queryKey: filterListKeys.list(kind, debounced, extra),
    queryFn: ({ pageParam, signal }) =>
      (FETCH[kind] as (typeof FETCH)[K]).list({ keywords: debounced, page: pageParam, extra }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageOf(last),
    // While the user types, the last list stays up until the new one comes. Not across a change of scope
    // (another group's locations): those would offer choices that are not in the new list.
    placeholderData: (previous, previousQuery) =>
      previousQuery && JSON.stringify(previousQuery.queryKey[3]) === JSON.stringify(extra)
        ? keepPreviousData(previous)
        : undefined,
  });
  const { error, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (error) showRequestError(error, LIST_ERROR[kind]);
  }, [error, kind]);
  const items = useMemo(
    () => (query.data?.pages ?? []).flatMap((page) => (page._embedded?.[kind] ?? []) as TItemOf[K][]),
    [query.data, kind],
  );
  return {
    items,
    loading: query.isFetching,
    error: error ? LIST_ERROR[kind] : null,
    loadMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
    },
  };
}

/**
 * Names of chosen ids that the loaded list does not hold, fetched one by one (GET /{kind}/{id}). An id that
 * cannot be fetched (unknown, or another account's) gives the spec's error (docs/product/platform.md §8,
 * e.g. 'Error fetching location'): alerted once and returned for the dropdown's button.
 */
export function useKnownLabels<K extends TFilterListKind>(
  kind: K,
  ids: readonly string[],
  loaded: readonly TItemOf[K][],
): { labels: Record<string, string>; error: string | null } {
  const missing = ids.filter((id) => !loaded.some((item) => String(item.id) === id));
  const results = useQueries({
    queries: missing.map((id) => ({
      queryKey: filterListKeys.item(kind, id),
      queryFn: ({ signal }: { signal: AbortSignal }) => (FETCH[kind] as (typeof FETCH)[K]).item(id, signal),
      staleTime: 5 * 60_000,
    })),
  });
  const firstError = results.find((r) => r.error)?.error ?? null;
  useEffect(() => {
    // A 404 is the unknown id itself: the spec's text alone, not "…: Not Found".
    if (firstError) showRequestError(isNotFound(firstError) ? null : firstError, ITEM_ERROR[kind]);
  }, [firstError, kind]);
  const labels: Record<string, string> = {};
  for (const item of loaded) labels[String(item.id)] = item.name;
  results.forEach((result, index) => {
    const id = missing[index];
    if (id && result.data?.name) labels[id] = result.data.name;
  });
  return { labels, error: firstError ? ITEM_ERROR[kind] : null };
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
