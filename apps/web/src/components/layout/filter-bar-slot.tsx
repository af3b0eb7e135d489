import "@mantine/core/styles/Skeleton.css";
import { Skeleton } from "@mantine/core";
import type { TDateDescriptor } from "@starboard/contract/date-ranges";
import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { isReviewsPath } from "../../lib/filters";
import { useSession } from "../../lib/session";
import type { FilterBarProps } from "../filter-bar/filter-bar";
import { type FilterBarExtras, useFilterBarExtension } from "./filter-bar-extensions";

/** The bar is its own chunk: the shell's first load stays small, and pages without it never load it. */
const FilterBar = lazy(() => import("../filter-bar/filter-bar").then((m) => ({ default: m.FilterBar })));

/** Pages that show the shared filter bar above their content (docs/product/platform.md §2 "Shared filter bar"). */
const FILTER_BAR_PAGES = [
  /^\/dashboard(\/|$)/,
  /^\/reviews\/?$/,
  /^\/competitors(\/|$)/,
  /^\/photos(\/|$)/,
  /^\/child-reviews(\/|$)/,
];

const CATEGORY_VIEWS = /^\/dashboard\/keywords\/categories\/?$/;
const KEYWORD_PAGES = /^\/dashboard\/keywords(\/|$)/;
/** The fourteen-day option is hidden on the category views (docs/product/reviews.md §2 "Keywords"). */
const HIDE_FOURTEEN: TDateDescriptor[] = ["fourteenDays"];

/** Which dropdowns a page shows (the date default per page comes from `dateKindForPath`). */
function dropdownsFor(pathname: string): Pick<FilterBarProps, "dropdowns" | "date"> {
  if (isReviewsPath(pathname)) {
    return {
      dropdowns: ["date", "group", "location", "source", "rating", "sentiment", "category", "status", "type"],
    };
  }
  if (/^\/dashboard\/?$/.test(pathname)) {
    return {
      dropdowns: ["date", "group", "location", "source", "rating", "sentiment", "category"],
    };
  }
  if (CATEGORY_VIEWS.test(pathname)) {
    return { dropdowns: ["date", "group", "location", "source", "rating"], date: { hidden: HIDE_FOURTEEN } };
  }
  if (KEYWORD_PAGES.test(pathname)) {
    return { dropdowns: ["date", "group", "location", "source", "rating", "sentiment", "category"] };
  }
  return {};
}

/** The shared filter bar above the pages that use it, with each page's dropdowns. */
export function FilterBarSlot() {
  const { pathname } = useLocation();
  const { session } = useSession();
  const shown = FILTER_BAR_PAGES.some((re) => re.test(pathname));
  const extension = useFilterBarExtension(pathname);
  if (!shown || !session) return null;

  const config = dropdownsFor(pathname);
  // Non-parent users load sources by user_id, parent accounts by account_id (docs/product/reviews.md §6).
  const sourceQuery = session.is_parent
    ? { account_id: session.account_id, supports_reviews: "true" }
    : { user_id: session.user_id, supports_reviews: "true" };
  const timeZone = session.account.time_zone;
  const bar = (extras: FilterBarExtras) => (
    <FilterBar {...config} date={{ ...config.date, timeZone }} sourceQuery={sourceQuery} {...extras} />
  );
  return (
    <div data-slot="filter-bar" style={{ marginBottom: "var(--mantine-spacing-md)" }}>
      <Suspense fallback={<Skeleton height={96} radius="sm" aria-hidden />}>
        {extension ? <extension.Extras>{(extras) => bar(extras)}</extension.Extras> : bar({})}
      </Suspense>
    </div>
  );
}
