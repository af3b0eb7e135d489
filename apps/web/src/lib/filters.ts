/**
 * Filter state in the URL query (docs/product/platform.md §2 "Shared filter bar", §4 "Filter changes"; docs/product/reviews.md §2).
 * Pure functions over URLSearchParams, so they are unit-tested without a router; `filters.ts` wraps
 * them in the `useFilters()` hook at the end of this file.
 *
 * - Single values (dateDescriptor, from, to, sentiment, …) are one query key.
 * - List values (groupId, locationId, sourceId, rating, category, status, type) repeat their key:
 *   `sourceId=3&sourceId=7`. The older `sourceId[]=3` form is read as well, and every `[]`-suffixed
 *   key is removed, values and all, on the next change (docs/product/platform.md §2).
 * - Empty values are dropped.
 */

import {
  DATE_DESCRIPTORS,
  DEFAULT_DATE_DESCRIPTOR,
  type TDateDescriptor,
  type TDatePageKind,
} from "@starboard/contract/date-ranges";
import { REVIEW_RATING_VALUES } from "@starboard/contract/reviews";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useLocation } from "react-router";
import { currentSearchParams, useSearchParams } from "./search-params";

/** Only on /reviews (assigned_to=me: "Assigned to me", also kept by saved filters). */
export const REVIEW_FILTER_KEYS = ["status", "type", "assigned_to"] as const;

export type TSharedFilterKey = (typeof FILTER_KEYS)[number];
export type TReviewFilterKey = (typeof REVIEW_FILTER_KEYS)[number];
export type TFilterKey = TSharedFilterKey | TReviewFilterKey;

/** Keys whose value is a list (multi-select dropdowns). */
export const LIST_FILTER_KEYS = ["groupId", "locationId", "sourceId", "rating", "category", "status", "type"] as const;
export type TListFilterKey = (typeof LIST_FILTER_KEYS)[number];
export type TSingleFilterKey = Exclude<TFilterKey, TListFilterKey>;

export const DATE_KEYS = ["from", "to", "dateDescriptor"] as const;
export const PAGING_KEYS = ["before", "after", "page"] as const;
/** Changing one of these resets paging and replaces the URL query. */
export const PAGING_RESET_KEYS = [...DATE_KEYS, "groupId", "locationId", "sourceId", "rating"] as const;

/** The keys a user chooses in the bar (what Clear All clears, and what links carry). */
export const CARRIED_KEYS = [...PAGING_RESET_KEYS, "sentiment", "category", "savedFilterId"] as const;

/** Every filter key the shared bar keeps in the URL, in the spec's order. */
export const FILTER_KEYS = [...CARRIED_KEYS, ...PAGING_KEYS, "search_terms", "flyout_edit", "export_id"] as const;

export type TFilterState = { [K in TSingleFilterKey]?: string } & { [K in TListFilterKey]: string[] };
export type TFilterValue = string | number | null | undefined | readonly (string | number)[];
export type TFilterChanges = Partial<Record<TFilterKey, TFilterValue>>;

const LIST_KEY_SET: ReadonlySet<string> = new Set(LIST_FILTER_KEYS);
const isListKey = (key: string): key is TListFilterKey => LIST_KEY_SET.has(key);

/** Rating filter values are the strings 0 to 5 (0 means no rating). */
export const RATING_VALUES = REVIEW_RATING_VALUES;
export const isRatingValue = (value: string): boolean => (RATING_VALUES as readonly string[]).includes(value);

const isDescriptor = (value: string): value is TDateDescriptor =>
  (DATE_DESCRIPTORS as readonly string[]).includes(value);

/** True on the review list (not on a review's detail page). */
export function isReviewsPath(pathname: string): boolean {
  return /(^|\/)reviews\/?$/.test(pathname);
}

/** The default-date kind of a page (docs/product/platform.md §4): reviews and keywords thirty days, other pages six months. */
export function dateKindForPath(pathname: string): TDatePageKind {
  if (isReviewsPath(pathname)) return "reviews";
  const keywords = /\/dashboard\/keywords(\/([^/]+))?\/?$/.exec(pathname);
  if (keywords && keywords[2] !== "categories") return "keywords";
  return "page";
}

function normalize(value: TFilterValue): string[] {
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => String(v).trim()).filter((v) => v !== "");
}

/** The values of one key, the legacy `key[]` form included, empty ones dropped. */
function valuesOf(params: URLSearchParams, key: string): string[] {
  const values = [...params.getAll(key), ...params.getAll(`${key}[]`)].map((v) => v.trim()).filter((v) => v !== "");
  return [...new Set(values)];
}

/** Reads the filters of a page from its query. status and type are read only on /reviews. */
export function readFilters(params: URLSearchParams, pathname = ""): TFilterState {
  const reviews = isReviewsPath(pathname);
  const state: TFilterState = {
    groupId: [],
    locationId: [],
    sourceId: [],
    rating: [],
    category: [],
    status: [],
    type: [],
  };
  for (const key of [...FILTER_KEYS, ...REVIEW_FILTER_KEYS]) {
    if (!reviews && (REVIEW_FILTER_KEYS as readonly string[]).includes(key)) continue;
    const values = valuesOf(params, key);
    if (isListKey(key)) {
      state[key] = key === "rating" ? values.filter(isRatingValue) : values;
    } else if (values[0] !== undefined) {
      if (key === "dateDescriptor" && !isDescriptor(values[0])) continue;
      state[key] = values[0];
    }
  }
  return state;
}

export type TApplyOptions = {
  /** The page's path; on /reviews the paging cursors survive a date-only change. */
  pathname: string;
  /** Reset paging even for a date-only change on /reviews. */
  force?: boolean;
};

export type TApplyResult = {
  params: URLSearchParams;
  /** Navigate with history replace (paging was reset). */
  replace: boolean;
  /** The location changed: deselect the all-locations bulk selection. */
  deselectAllLocations: boolean;
};

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join("\u0000") === [...b].sort().join("\u0000");

/** Writes values under a key (repeated for a list), or removes the key when there are none. */
function writeKey(params: URLSearchParams, key: string, values: readonly string[]) {
  params.delete(key);
  for (const value of isListKey(key) ? values : values.slice(0, 1)) params.append(key, value);
}

/** Removes every `key[]` parameter, values and all (docs/product/platform.md §2: "removed on change"). */
function dropBracketKeys(params: URLSearchParams) {
  for (const bracketKey of new Set([...params.keys()].filter((k) => k.endsWith("[]")))) params.delete(bracketKey);
}

/**
 * Applies filter changes to a query (docs/product/platform.md §4 "Filter changes"):
 * - empty values remove their key; `[]`-suffixed keys are removed (their values are not carried over);
 * - changing date, group, location, source or rating resets paging (before, after, page) and replaces the URL;
 * - changing the group clears location and search_terms (unless the change sets a location itself);
 * - changing the location clears search_terms and asks to deselect the all-locations bulk selection;
 * - on /reviews the cursors are kept when only the date changes, unless forced.
 */
export function applyFilterChanges(
  current: URLSearchParams,
  changes: TFilterChanges,
  options: TApplyOptions,
): TApplyResult {
  const params = new URLSearchParams(current);
  const entries = Object.entries(changes) as [TFilterKey, TFilterValue][];
  const changed = new Set<string>();
  for (const [key, value] of entries) {
    const next = normalize(value);
    const before = isListKey(key) ? valuesOf(current, key) : valuesOf(current, key).slice(0, 1);
    if (!sameValues(before, isListKey(key) ? next : next.slice(0, 1))) changed.add(key);
  }
  dropBracketKeys(params);
  for (const [key, value] of entries) writeKey(params, key, normalize(value));
  // A list filter emptied by dropping its `[]` key changed too (paging resets, as for any change of it).
  for (const key of LIST_FILTER_KEYS) if (!sameValues(valuesOf(current, key), valuesOf(params, key))) changed.add(key);

  const explicit = new Set<string>(entries.map(([key]) => key));
  if (changed.has("groupId")) {
    if (!explicit.has("locationId")) {
      if (valuesOf(current, "locationId").length > 0) changed.add("locationId");
      params.delete("locationId");
    }
    if (!explicit.has("search_terms")) params.delete("search_terms");
  }
  const deselectAllLocations = changed.has("locationId");
  if (deselectAllLocations && !explicit.has("search_terms")) params.delete("search_terms");

  const resetting = PAGING_RESET_KEYS.filter((key) => changed.has(key));
  const dateOnly = resetting.length > 0 && resetting.every((key) => (DATE_KEYS as readonly string[]).includes(key));
  const keepCursors = dateOnly && isReviewsPath(options.pathname) && !options.force;
  if (resetting.length > 0 && !keepCursors) {
    for (const key of PAGING_KEYS) if (!explicit.has(key)) params.delete(key);
  }
  return { params, replace: resetting.length > 0, deselectAllLocations };
}

/** Clear All: removes every chosen filter, the paging and the search terms; other query keys stay. */
export function clearFilters(current: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of [...params.keys()]) if (key.endsWith("[]")) params.delete(key);
  for (const key of [...CARRIED_KEYS, ...REVIEW_FILTER_KEYS, ...PAGING_KEYS, "search_terms"]) params.delete(key);
  return params;
}

/** How many filters are applied: the date when it differs from the page's default, and each other chosen filter. */
export function countAppliedFilters(state: TFilterState, defaultDescriptor: TDateDescriptor): number {
  let count = 0;
  if (state.dateDescriptor && state.dateDescriptor !== defaultDescriptor) count += 1;
  for (const key of ["groupId", "locationId", "sourceId", "rating", "category", "status", "type"] as const) {
    if (state[key].length > 0) count += 1;
  }
  if (state.sentiment) count += 1;
  return count;
}

/** The date descriptor in force on a page: the URL's, or the page's default. */
export function effectiveDescriptor(state: TFilterState, pathname: string): TDateDescriptor {
  const value = state.dateDescriptor;
  return value && isDescriptor(value) ? value : DEFAULT_DATE_DESCRIPTOR[dateKindForPath(pathname)];
}

// --- Links between pages ------------------------------------------------------------------------

/** Pages whose filters carry over into links to each other (docs/product/platform.md §2 "Navigation defaults"). */
export const FILTER_CARRYING_PATHS = [
  "/dashboard",
  "/reviews",
  "/dashboard/locations",
  "/dashboard/keywords",
  "/photos",
] as const;

export function isFilterCarryingPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return (FILTER_CARRYING_PATHS as readonly string[]).includes(path) || /^\/dashboard\/keywords\/[^/]+$/.test(path);
}

const isKeywordsPath = (pathname: string) => /\/dashboard\/keywords(\/|$)/.test(pathname);

/** Sentiment is 1 / -1 on reviews and positive / negative on keywords (docs/product/reviews.md §9). */
export function sentimentFor(value: string, toPath: string): string {
  const positive = value === "1" || value === "positive";
  const negative = value === "-1" || value === "negative";
  if (!positive && !negative) return value;
  if (isKeywordsPath(toPath)) return positive ? "positive" : "negative";
  return positive ? "1" : "-1";
}

/**
 * A link to another filter page carrying the current filters. Paging, search terms and the flyout
 * keys stay behind; status and type go only to /reviews; a query already in `toPath` wins.
 * Links to pages outside the carrying set are returned unchanged.
 */
export function buildCarryLink(current: URLSearchParams, fromPath: string, toPath: string): string {
  const [pathPart = "", queryPart = ""] = toPath.split("?");
  if (!isFilterCarryingPath(fromPath) || !isFilterCarryingPath(pathPart)) return toPath;
  const own = new URLSearchParams(queryPart);
  const state = readFilters(current, fromPath);
  const params = new URLSearchParams();
  const keys: TFilterKey[] = [...CARRIED_KEYS, ...(isReviewsPath(pathPart) ? REVIEW_FILTER_KEYS : [])];
  for (const key of keys) {
    if (own.has(key)) continue;
    const value = state[key];
    const values = Array.isArray(value) ? value : value ? [value] : [];
    for (const v of values) params.append(key, key === "sentiment" ? sentimentFor(v, pathPart) : v);
  }
  for (const [key, value] of own) params.append(key, value);
  const search = params.toString();
  return search ? `${pathPart}?${search}` : pathPart;
}

// --- Location change event (all-locations bulk selection) ---------------------------------------

type TLocationChangeListener = () => void;
const locationChangeListeners = new Set<TLocationChangeListener>();

/** Called whenever the location filter changes, so a page deselects its all-locations bulk selection. */
export function onLocationFilterChange(listener: TLocationChangeListener): () => void {
  locationChangeListeners.add(listener);
  return () => {
    locationChangeListeners.delete(listener);
  };
}

/** Hook form of `onLocationFilterChange`; the latest callback is always the one called. */
export function useLocationFilterChange(callback: TLocationChangeListener) {
  const ref = useRef(callback);
  ref.current = callback;
  useEffect(() => onLocationFilterChange(() => ref.current()), []);
}

// --- The hook -----------------------------------------------------------------------------------

export type TSetFilters = (changes: TFilterChanges, options?: { force?: boolean }) => void;

export type TUseFilters = {
  /** The page's filters as read from the URL. */
  filters: TFilterState;
  /** The date descriptor in force (the URL's or the page's default). */
  dateDescriptor: TDateDescriptor;
  /** The page's default date descriptor. */
  defaultDateDescriptor: TDateDescriptor;
  /** How many filters are applied (the FILTERS title count). */
  appliedCount: number;
  setFilters: TSetFilters;
  /** Clear All. */
  clearAll: () => void;
  /** A link to another filter page carrying the current filters. */
  carryFilters: (toPath: string) => string;
};

/** The filters of the current page, and the rules of docs/product/platform.md §4 for changing them. */
export function useFilters(): TUseFilters {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const filters = useMemo(() => readFilters(searchParams, pathname), [searchParams, pathname]);
  const defaultDateDescriptor = DEFAULT_DATE_DESCRIPTOR[dateKindForPath(pathname)];

  // Navigation commits in a transition: a change builds on the address as it is now (another change may be
  // written and not yet rendered), never on this render's params.
  const setFilters = useCallback<TSetFilters>(
    (changes, options = {}) => {
      const result = applyFilterChanges(currentSearchParams(), changes, { pathname, force: options.force });
      setSearchParams(result.params, { replace: result.replace });
      if (result.deselectAllLocations) for (const listener of locationChangeListeners) listener();
    },
    [pathname, setSearchParams],
  );

  const clearAll = useCallback(() => {
    const current = currentSearchParams();
    const hadLocation = readFilters(current, pathname).locationId.length > 0;
    setSearchParams(clearFilters(current), { replace: true });
    if (hadLocation) for (const listener of locationChangeListeners) listener();
  }, [pathname, setSearchParams]);

  const carryFilters = useCallback(
    (toPath: string) => buildCarryLink(searchParams, pathname, toPath),
    [searchParams, pathname],
  );

  return {
    filters,
    dateDescriptor: effectiveDescriptor(filters, pathname),
    defaultDateDescriptor,
    appliedCount: countAppliedFilters(filters, defaultDateDescriptor),
    setFilters,
    clearAll,
    carryFilters,
  };
}
