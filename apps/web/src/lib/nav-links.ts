import { DEFAULT_DATE_DESCRIPTOR } from "@starboard/contract/date-ranges";
import { CARRIED_KEYS } from "./filters";

/**
 * Navigation defaults (docs/product/platform.md §2): each navigation target with its default filters.
 * On the dashboard, reviews, locations, keywords and photos pages the current filters
 * carry over into the links to the other pages; empty values are dropped.
 */
/** The carried keys are the filter bar's own (one list, in lib/filters.ts). */
const CARRIED_FILTER_KEYS = CARRIED_KEYS;

/** Pages whose filters carry over into the navigation links. */
const CARRYING_PAGES = [
  /^\/dashboard\/?$/,
  /^\/reviews\/?$/,
  /^\/dashboard\/locations/,
  /^\/dashboard\/keywords/,
  /^\/photos/,
];

type Defaults = Record<string, string>;

const page = { dateDescriptor: DEFAULT_DATE_DESCRIPTOR.page };

export const NAV_DEFAULTS = {
  dashboard: { path: "/dashboard", query: page },
  reviews: {
    path: "/reviews",
    query: { dateDescriptor: DEFAULT_DATE_DESCRIPTOR.reviews, "sort[by]": "published_at", "sort[order]": "desc" },
  },
  keywords: {
    path: "/dashboard/keywords",
    query: { dateDescriptor: DEFAULT_DATE_DESCRIPTOR.keywords, "sort[by]": "highest_volume" },
  },
  keywordCategories: { path: "/dashboard/keywords/categories", query: page },
  locationPerformance: { path: "/dashboard/locations", query: page },
  competitors: { path: "/competitors", query: page },
  competitorLocations: { path: "/competitors/locations", query: page },
  competitorBrands: { path: "/competitors/brands", query: page },
  requestReviews: { path: "/request-reviews/overview", query: page },
  localSearch: { path: "/local-search", query: { "sort[by]": "top_area", "sort[order]": "desc" } },
  localListings: { path: "/dashboard/local_listings", query: {} },
  photos: { path: "/photos", query: page },
  accounts: { path: "/accounts", query: {} },
  accountIntegrations: { path: "/account/integrations", query: {} },
  childReviews: { path: "/child-reviews", query: page },
  partnerAccountReports: { path: "/partner-account-reports", query: page },
} as const satisfies Record<string, { path: string; query: Defaults }>;

export type NavDefaultName = keyof typeof NAV_DEFAULTS;

/** Drops empty values. */
export function compactQuery(query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== "") params.set(key, value);
  const s = params.toString();
  return s ? `?${s}` : "";
}

export function carriesFilters(pathname: string): boolean {
  return CARRYING_PAGES.some((re) => re.test(pathname));
}

/** The href for a navigation default; the current filters win over defaults on carrying pages. */
export function navHref(name: NavDefaultName, current?: { pathname: string; search: string }): string {
  const { path, query } = NAV_DEFAULTS[name];
  const merged: Record<string, string> = { ...query };
  if (current && carriesFilters(current.pathname)) {
    const params = new URLSearchParams(current.search);
    const carried: Record<string, string> = {};
    for (const key of CARRIED_FILTER_KEYS) {
      const value = params.get(key);
      if (value) carried[key] = value;
    }
    // A carried date replaces the default date wholesale.
    if (carried.dateDescriptor || carried.from || carried.to) delete merged.dateDescriptor;
    Object.assign(merged, carried);
  }
  return `${path}${compactQuery(merged)}`;
}

/** The / redirect target: the dashboard with its default filters. */
export const DASHBOARD_HOME = navHref("dashboard");
