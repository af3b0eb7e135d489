import { REVIEW_CATEGORIES, reviewCategoryLabel } from "@starboard/contract/reviews";
/**
 * Labels, options and list queries of the filter bar's dropdowns (docs/product/platform.md §3, §7, §9; docs/product/reviews.md §3).
 * Pure, so they are unit-tested without a DOM.
 */
import type { Query } from "../../lib/api.ts";

export type TFilterOption = { value: string; label: string };

export const NULL_LABELS = {
  location: "All locations",
  group: "All groups",
  source: "All sources",
  rating: "All ratings",
  category: "All categories",
  sentiment: "All sentiments",
} as const;

export const SEARCH_PLACEHOLDERS = {
  group: "Search groups...",
  location: "Search locations...",
  source: "Search sources...",
} as const;

export const FETCH_ERRORS = {
  groups: "Error fetching groups",
  locations: "Error fetching locations",
  location: "Error fetching location",
  sources: "Error fetching sources",
} as const;

export const HEADQUARTERS_TOOLTIP = "Headquarters";
export const ADD_LOCATION_LABEL = "Add Location";
export const ADD_LOCATION_PATH = "/settings/locations/new";

export const TYPEAHEAD_DEBOUNCE_MS = 300;
export const FILTER_LIST_PER_PAGE = 25;
export const INFINITE_SCROLL_THRESHOLD_PX = 300;
export const DROPDOWN_MAX_HEIGHT_PX = 378;
/** Breakpoint below which extra filters fold behind Show More (docs/product/platform.md §9 "mobile 1100 px"). */
export const SMALL_SCREEN_QUERY = "(max-width: 1099px)";
/** Phones: the whole bar folds behind the FILTERS toggle. */
export const PHONE_SCREEN_QUERY = "(max-width: 767px)";

/** 'N groups selected' / 'N locations selected' / 'N sources selected' / 'N Ratings selected'. */
export const selectedCountLabel = {
  group: (n: number) => `${n} groups selected`,
  location: (n: number) => `${n} locations selected`,
  source: (n: number) => `${n} sources selected`,
  rating: (n: number) => `${n} Ratings selected`,
} as const;

/** A group shows its active location count then 'locations'. */
export const locationCountLabel = (activeLocationIds: readonly unknown[] | null | undefined) =>
  `${activeLocationIds?.length ?? 0} locations`;

/**
 * What a dropdown's button reads: the null label, the one chosen label, or the count of chosen values; the
 * error when a chosen value could not be fetched (an unknown or another account's id in the URL).
 */
export function selectionLabel(
  values: readonly string[],
  labelOf: (value: string) => string | undefined,
  nullLabel: string,
  countLabel: (n: number) => string,
  valueError?: string | null,
): string {
  if (values.length === 0) return nullLabel;
  if (valueError) return valueError;
  if (values.length === 1) return labelOf(values[0] ?? "") ?? countLabel(1);
  return countLabel(values.length);
}

// --- Rating, sentiment, category ----------------------------------------------------------------

/**
 * Dropdowns that take several values unless the page says otherwise: rating (the URL repeats `rating`, and the
 * API's `rating` takes several, packages/contract/src/review-filter.ts).
 */
export const DEFAULT_MULTIPLE: Partial<Record<"group" | "location" | "source" | "rating" | "category", boolean>> = {
  rating: true,
};

/** 'No rating' for 0, otherwise 'N Star'. */
export const ratingLabel = (value: string) => (value === "0" ? "No rating" : `${value} Star`);

/** Five stars first, 'No rating' last; values are the strings 0 to 5. */
export const RATING_OPTIONS: TFilterOption[] = ["5", "4", "3", "2", "1", "0"].map((value) => ({
  value,
  label: ratingLabel(value),
}));

/** Sentiment is 1 / -1 on reviews and positive / negative on keywords. */
export type TSentimentScheme = "reviews" | "keywords";
export function sentimentOptions(scheme: TSentimentScheme): TFilterOption[] {
  return [
    { value: scheme === "reviews" ? "1" : "positive", label: "Only positive" },
    { value: scheme === "reviews" ? "-1" : "negative", label: "Only negative" },
  ];
}

/** The recognised category names (docs/product/reviews.md §3), from the contract. */
export const CATEGORY_NAMES = REVIEW_CATEGORIES;

/** Label from the contract ("Wait time"), value lowercase. */
export function categoryOptions(names: readonly string[] = CATEGORY_NAMES): TFilterOption[] {
  return names.map((name) => ({ value: name.toLowerCase(), label: reviewCategoryLabel(name) }));
}

// --- Lists from the API -------------------------------------------------------------------------

export type TFilterListKind = "groups" | "locations" | "sources";

/** What `locationAddressLine` reads of a location (the list's items are the API's TLocation). */
export type TLocationItem = {
  id: string | number;
  name: string;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  is_headquarters?: boolean | null;
};

/** The paging, search and order of one page of a dropdown's list. */
export type TFilterListQuery = {
  page: number;
  per_page: number;
  keywords?: string;
  search_type?: "typeahead";
  "sort[by]"?: "relevance" | "name";
  "sort[order]"?: "asc" | "desc";
  sort?: "ordinal,name";
};

/**
 * The query of one page of a dropdown's list (docs/product/platform.md §7): typing searches with
 * search_type=typeahead sorted by relevance; otherwise groups and locations sort by name and
 * sources by ordinal,name. 25 per page. `extra` (the list's own filters) comes along.
 */
export function filterListQuery<E extends Query = Record<never, never>>(
  kind: TFilterListKind,
  { keywords, page, extra }: { keywords?: string; page: number; extra?: E },
): E & TFilterListQuery {
  const terms = keywords?.trim() ?? "";
  const query: TFilterListQuery = { page, per_page: FILTER_LIST_PER_PAGE };
  if (terms) {
    Object.assign(query, { keywords: terms, search_type: "typeahead", "sort[by]": "relevance", "sort[order]": "desc" });
  } else if (kind === "sources") {
    query.sort = "ordinal,name";
  } else {
    Object.assign(query, { "sort[by]": "name", "sort[order]": "asc" });
  }
  return { ...(extra as E), ...query };
}

/** The next page to load, or undefined after the last one. */
export function nextPageOf(page: { _page?: number; _total_pages?: number }): number | undefined {
  const current = page._page ?? 1;
  const total = page._total_pages ?? 1;
  return current < total ? current + 1 : undefined;
}

/** True when a scrolled list is within the threshold of its bottom (load the next page). */
export function isNearBottom(
  { scrollTop, scrollHeight, clientHeight }: { scrollTop: number; scrollHeight: number; clientHeight: number },
  threshold = INFINITE_SCROLL_THRESHOLD_PX,
): boolean {
  return scrollHeight - scrollTop - clientHeight <= threshold;
}

/** One line under a location's name: address, city, state. */
export function locationAddressLine(location: TLocationItem): string {
  return [location.address, location.city, location.state].filter((part) => part && String(part).trim()).join(", ");
}
