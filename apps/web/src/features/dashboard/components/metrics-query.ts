import { resolveDateRange } from "../../../components/date-range/date-range-value";
import type { Query } from "../../../lib/api";
import type { TFilterState } from "../../../lib/filters";

/** The metrics query of the dashboard's filters: six months by default, in the account's zone. */
export function metricsQuery(filters: TFilterState, options: { timeZone: string; now?: Date }): Query {
  const range = resolveDateRange(filters, { kind: "page", timeZone: options.timeZone, now: options.now });
  const query: Query = {
    // The overview treats a missing published_after as "six months": All time asks for an open lower bound.
    published_after: range.from ?? undefined,
    all_time: range.from ? undefined : "true",
    published_before: range.to,
    group_id: filters.groupId,
    location_id: filters.locationId,
    source_id: filters.sourceId,
    rating: filters.rating,
    sentiment: filters.sentiment,
    category: filters.category,
  };
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) {
      delete query[key];
    }
  }
  return query;
}
