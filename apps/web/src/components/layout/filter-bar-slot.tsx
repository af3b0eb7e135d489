import { Skeleton } from "@mantine/core";
import type { TDateDescriptor } from "@starboard/contract/date-ranges";
import { REVIEW_TYPES, type TReviewType } from "@starboard/contract/reviews";
import { lazy, Suspense, useMemo } from "react";
import { useLocation } from "react-router";
// The slot composes pages' bars like the router composes pages; the status labels are the reviews feature's call.
import { useReviewStatusLabels } from "../../features/reviews/api/get-review-status-labels";
import { useCan } from "../../lib/authorization";
import { isReviewsPath } from "../../lib/filters";
import { useSession } from "../../lib/session";
import type { FilterBarProps, TExtraDropdown } from "../filter-bar/filter-bar";

/** The bar is its own chunk: the shell's first load stays small, and pages without it never load it. */
const FilterBar = lazy(() => import("../filter-bar/filter-bar").then((m) => ({ default: m.FilterBar })));

/** Pages that show the shared filter bar above their content (platform.md §2 "Shared filter bar"). */
const FILTER_BAR_PAGES = [
  /^\/dashboard(\/|$)/,
  /^\/reviews\/?$/,
  /^\/competitors(\/|$)/,
  /^\/photos(\/|$)/,
  /^\/child-reviews(\/|$)/,
];

/** Status filter (reviews.md §2): the account's review status labels, then responded / not responded. */
export const RESPONSE_STATUS_OPTIONS = [
  { value: "responded", label: "Responded" },
  { value: "not_responded", label: "Not responded" },
] as const;

/** Type filter labels (docs/api.md "Review list": `type`). */
export const REVIEW_TYPE_LABELS: Record<TReviewType, string> = {
  with_text: "With text",
  rating_only: "Rating only",
  with_images: "With images",
  with_response: "With response",
  without_response: "Without response",
};

const TYPE_DROPDOWN: TExtraDropdown = {
  nullLabel: "All types",
  options: REVIEW_TYPES.map((value) => ({ value, label: REVIEW_TYPE_LABELS[value] })),
  countLabel: (n) => `${n} types selected`,
};

const CATEGORY_VIEWS = /^\/dashboard\/keywords\/categories\/?$/;
const KEYWORD_PAGES = /^\/dashboard\/keywords(\/|$)/;
/** The fourteen-day option is hidden on the category views (reviews.md §2 "Keywords"). */
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

/** The status dropdown of /reviews: status labels first, then Responded / Not responded. */
function useStatusDropdown(enabled: boolean): TExtraDropdown {
  const labels = useReviewStatusLabels(enabled);
  return useMemo(
    () => ({
      nullLabel: "All statuses",
      options: [...(labels.data ?? []).map((l) => ({ value: l.id, label: l.name })), ...RESPONSE_STATUS_OPTIONS],
      countLabel: (n: number) => `${n} statuses selected`,
    }),
    [labels.data],
  );
}

/** The shared filter bar above the pages that use it, with each page's dropdowns. */
export function FilterBarSlot() {
  const { pathname } = useLocation();
  const { session } = useSession();
  const shown = FILTER_BAR_PAGES.some((re) => re.test(pathname));
  const reviews = shown && isReviewsPath(pathname);
  const canReadLabels = useCan("read", "review_status_label");
  const status = useStatusDropdown(reviews && canReadLabels);
  if (!shown || !session) return null;

  const config = dropdownsFor(pathname);
  // Non-parent users load sources by user_id, parent accounts by account_id (reviews.md §6).
  const sourceQuery = session.is_parent
    ? { account_id: session.account_id, supports_reviews: "true" }
    : { user_id: session.user_id, supports_reviews: "true" };
  return (
    <div data-slot="filter-bar" style={{ marginBottom: "var(--mantine-spacing-md)" }}>
      <Suspense fallback={<Skeleton height={96} radius="sm" aria-hidden />}>
        <FilterBar
          {...config}
          date={{ ...config.date, timeZone: session.account.time_zone }}
          sourceQuery={sourceQuery}
          status={reviews ? status : undefined}
          type={reviews ? TYPE_DROPDOWN : undefined}
        />
      </Suspense>
    </div>
  );
}
