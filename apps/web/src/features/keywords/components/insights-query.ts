import type { TDatePageKind } from "@starboard/contract/date-ranges";
import { resolveDateRange } from "../../../components/date-range/date-range-value";
import type { Query } from "../../../lib/api";
import type { TFilterState } from "../../../lib/filters";

/**
 * The insights query of the page's filters: the date range of the page kind (thirty days on the keyword
 * pages, six months on the category views), in the account's time zone, and the shared filters. The
 * sentiment is the keyword form (positive / negative); the category views leave it out.
 */
export function insightsQuery(
  filters: TFilterState,
  options: { kind: TDatePageKind; timeZone: string; now?: Date; withSentiment?: boolean },
): Query {
  const range = resolveDateRange(filters, { kind: options.kind, timeZone: options.timeZone, now: options.now });
  const query: Query = {
    published_after: range.from ?? undefined,
    published_before: range.to,
    group_id: filters.groupId,
    location_id: filters.locationId,
    source_id: filters.sourceId,
    rating: filters.rating,
    category: filters.category,
    sentiment:
      options.withSentiment && (filters.sentiment === "positive" || filters.sentiment === "negative")
        ? filters.sentiment
        : undefined,
  };
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) {
      delete query[key];
    }
  }
  return query;
}

/** "12%", a rounded share; "–" without a base. */
export function percentText(value: number | null): string {
  return value === null ? "–" : `${value}%`;
}

/** "+12%", "-40%" or "–" (no change to compute). */
export function changeText(dy: number | null): string {
  if (dy === null) return "–";
  return `${dy > 0 ? "+" : ""}${dy}%`;
}

/** "Jun 2026" for a month's first day (YYYY-MM-DD). */
export function monthLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return date.toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
}

/** The export menu's filters for a page (the bar's keys, as the export reads them), with the page's own. */
export function exportFiltersOf(
  filters: TFilterState,
  dateDescriptor: string,
  extra: Record<string, string> = {},
): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {
    dateDescriptor,
    from: filters.from,
    to: filters.to,
    sentiment: filters.sentiment,
    ...extra,
  };
  for (const key of ["groupId", "locationId", "sourceId", "rating", "category"] as const) {
    if (filters[key].length) out[key] = filters[key];
  }
  return out;
}
