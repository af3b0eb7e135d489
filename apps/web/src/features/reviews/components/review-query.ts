/**
 * The review list's API query from the page's URL (docs/product/reviews.md §2; docs/api.md "Review list"):
 * the date descriptor resolved to published_after / published_before in the account's zone,
 * the filter keys renamed to the API's, and the paging cursor (before or after).
 */
import { REVIEWS_PER_PAGE_DEFAULT } from "@starboard/contract/reviews";
import { resolveDateRange } from "../../../components/date-range/date-range-value";
import type { Query } from "../../../lib/api";
import type { TFilterState } from "../../../lib/filters";

export type TReviewPaging = { before?: string | null; after?: string | null };

export function reviewListQuery(
  filters: TFilterState,
  options: { timeZone: string; keywords?: string | null; paging?: TReviewPaging; now?: Date },
): Query {
  const range = resolveDateRange(filters, { kind: "reviews", timeZone: options.timeZone, now: options.now });
  const query: Query = {
    published_after: range.from,
    published_before: range.to,
    group_id: filters.groupId,
    location_id: filters.locationId,
    source_id: filters.sourceId,
    rating: filters.rating,
    sentiment: filters.sentiment,
    category: filters.category,
    status: filters.status,
    type: filters.type,
    keywords: options.keywords?.trim() || undefined,
    per_page: REVIEWS_PER_PAGE_DEFAULT,
  };
  // Both cursors answer 400: `before` wins only when `after` is absent.
  if (options.paging?.after) query.after = options.paging.after;
  else if (options.paging?.before) query.before = options.paging.before;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) {
      delete query[key];
    }
  }
  return query;
}

/** The cursor a HAL link carries (`_links.next` → after, `_links.prev` → before). */
export function cursorOf(href: string | undefined, key: "before" | "after"): string | null {
  if (!href) return null;
  return new URL(href, "http://localhost").searchParams.get(key);
}
