import { computeDateRange, isIsoDate } from "@starboard/contract/date-ranges";
import { z } from "zod";
import { AppError } from "../../platform/errors.ts";

/** A list parameter: repeated (`rating=4&rating=5`) or comma-separated (`rating=4,5`). */
const ZList = z.union([z.string().max(4000), z.array(z.string().max(200)).max(500)]).optional();

/** The review filters the metrics accept (the review list's filter names). */
export const ZMetricsQuerySchema = z.object({
  published_after: z.string().max(40).optional(),
  published_before: z.string().max(40).optional(),
  group_id: ZList,
  location_id: ZList,
  source_id: ZList,
  rating: ZList,
  sentiment: ZList,
  category: ZList,
  nonce: z.string().optional(),
});
export type TMetricsQuery = z.infer<typeof ZMetricsQuerySchema>;

export type Granularity = "day" | "week" | "month";

/**
 * A range either of whole days in the account's time zone (dates given as YYYY-MM-DD, both ends
 * included), or of instants (date-times given with a time).
 */
export type Bound = { day: string } | { instant: Date };

export interface MetricsFilters {
  from: Bound;
  /** Inclusive for a day; exclusive for an instant. */
  to: Bound;
  /** Both ends are whole days, so the day roll-ups can answer. */
  dayAligned: boolean;
  /** Calendar days covered (for the timeseries granularity and the previous period). */
  fromDay: string;
  toDay: string;
  groupIds: string[];
  locationIds: string[];
  sourceIds: string[];
  ratings: number[];
  sentiments: number[];
  categories: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SENTIMENTS: Record<string, number> = { "1": 1, "-1": -1, "0": 0, positive: 1, negative: -1, neutral: 0 };

function listOf(value: string | string[] | undefined): string[] {
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return [
    ...new Set(
      items
        .flatMap((v) => v.split(","))
        .map((v) => v.trim())
        .filter((v) => v !== ""),
    ),
  ];
}

function ids(field: string, value: string | string[] | undefined) {
  const list = listOf(value);
  for (const id of list) if (!UUID.test(id)) throw AppError.invalid(field, "Must be an id.");
  return list;
}

function bound(field: string, value: string | undefined): Bound | undefined {
  if (value === undefined || value === "") return undefined;
  if (isIsoDate(value)) return { day: value };
  const instant = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(instant.getTime())) {
    throw AppError.invalid(field, "Expected a date (YYYY-MM-DD) or a date-time (ISO 8601).");
  }
  return { instant };
}

/** YYYY-MM-DD of an instant in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Validates the query; an absent range is the last six months, as on every page but the review list. */
export function parseMetricsFilters(query: TMetricsQuery, timeZone: string, now = new Date()): MetricsFilters {
  let from = bound("published_after", query.published_after);
  let to = bound("published_before", query.published_before);
  if (!from || !to) {
    const range = computeDateRange("sixMonths", { now, timeZone });
    to ??= { day: range.to };
    from ??= { day: range.from! };
  }
  const fromDay = "day" in from ? from.day : dayIn(from.instant, timeZone);
  const toDay = "day" in to ? to.day : dayIn(new Date(to.instant.getTime() - 1), timeZone);
  const fromMs = "day" in from ? Date.parse(`${from.day}T00:00:00Z`) : from.instant.getTime();
  const toMs = "day" in to ? Date.parse(`${to.day}T00:00:00Z`) + 86_400_000 : to.instant.getTime();
  if (fromMs >= toMs && !("day" in from && "day" in to && from.day === to.day)) {
    throw AppError.invalid("published_before", "Invalid Date Range");
  }
  const ratings = listOf(query.rating).map((r) => {
    const n = Number(r);
    if (!Number.isInteger(n) || n < 0 || n > 5) throw AppError.invalid("rating", "Ratings are 0 to 5.");
    return n;
  });
  const sentiments = listOf(query.sentiment).map((s) => {
    const n = SENTIMENTS[s.toLowerCase()];
    if (n === undefined) throw AppError.invalid("sentiment", "Sentiment is 1, -1 or 0.");
    return n;
  });
  const categories = listOf(query.category).map((c) => c.toLowerCase());
  return {
    from,
    to,
    dayAligned: "day" in from && "day" in to,
    fromDay,
    toDay,
    groupIds: ids("group_id", query.group_id),
    locationIds: ids("location_id", query.location_id),
    sourceIds: ids("source_id", query.source_id),
    ratings,
    sentiments,
    categories,
  };
}

/** Day buckets up to a month, week buckets up to six months (186 days), month buckets beyond. */
export function granularityOf(filters: Pick<MetricsFilters, "fromDay" | "toDay">): Granularity {
  const days = daysBetween(filters.fromDay, filters.toDay) + 1;
  return days <= 31 ? "day" : days <= 186 ? "week" : "month";
}

/** The period of the same length just before. */
export function previousPeriod(filters: MetricsFilters): Pick<MetricsFilters, "from" | "to"> {
  if ("day" in filters.from && "day" in filters.to) {
    const length = daysBetween(filters.from.day, filters.to.day) + 1;
    return { from: { day: addDays(filters.from.day, -length) }, to: { day: addDays(filters.from.day, -1) } };
  }
  const fromMs = "day" in filters.from ? Date.parse(`${filters.from.day}T00:00:00Z`) : filters.from.instant.getTime();
  const toMs =
    "day" in filters.to ? Date.parse(`${filters.to.day}T00:00:00Z`) + 86_400_000 : filters.to.instant.getTime();
  return { from: { instant: new Date(2 * fromMs - toMs) }, to: { instant: new Date(fromMs) } };
}

/** The first day of the bucket a day falls in (weeks start on Monday, as PostgreSQL's date_trunc). */
export function bucketOf(day: string, granularity: Granularity): string {
  if (granularity === "day") return day;
  if (granularity === "month") return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // Sunday 0
  return addDays(day, -((weekday + 6) % 7));
}

/** Every bucket start from the one holding `from` to the one holding `to`. */
export function bucketsBetween(from: string, to: string, granularity: Granularity): string[] {
  const out: string[] = [];
  let cursor = bucketOf(from, granularity);
  while (cursor <= to) {
    out.push(cursor);
    if (granularity === "day") cursor = addDays(cursor, 1);
    else if (granularity === "week") cursor = addDays(cursor, 7);
    else {
      const d = new Date(`${cursor}T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + 1);
      cursor = d.toISOString().slice(0, 10);
    }
  }
  return out;
}
