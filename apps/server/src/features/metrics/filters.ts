import { computeDateRange, todayInTimeZone } from "@starboard/contract/date-ranges";
import { AppError } from "../../platform/errors.ts";
import { type Bound, parseReviewFilter, type ReviewFilterValues } from "../reviews/index.ts";

// The overview's period: the review filter's dates (features/reviews/filter.ts parses the query, as for
// every endpoint that narrows reviews), six months by default, the previous period of the same length,
// and the buckets of its time series.

export type Granularity = "day" | "week" | "month";
export type { Bound };

/** The review filter's dimensions the overview narrows by (the roll-ups' dimensions). */
export type MetricsDimensions = Pick<
  ReviewFilterValues,
  "groupIds" | "locationIds" | "sourceIds" | "ratings" | "sentiments" | "categories"
>;

export interface MetricsFilters extends MetricsDimensions {
  /** A whole day in the account's time zone, or an instant. */
  from: Bound;
  /** Inclusive for a day; exclusive for an instant. */
  to: Bound;
  /** Both ends are whole days, so the day roll-ups can answer. */
  dayAligned: boolean;
  /** Calendar days covered (for the timeseries granularity and the previous period). */
  fromDay: string;
  toDay: string;
}

/** YYYY-MM-DD of an instant in a time zone. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The overview's filters of a parsed review filter; an absent end is that of the last six months, except
 * with `allTimeFrom` (All time: the day of the account's first review), the start when none is given
 * (never after the end).
 */
export function metricsFiltersOf(
  filter: ReviewFilterValues,
  timeZone: string,
  now = new Date(),
  allTimeFrom?: string,
): MetricsFilters {
  let from = filter.publishedAfter;
  let to = filter.publishedBefore;
  if (!from && allTimeFrom !== undefined) {
    const end = to ?? { day: todayInTimeZone(now, timeZone) };
    const endDay = "day" in end ? end.day : todayInTimeZone(new Date(end.instant.getTime() - 1), timeZone);
    from = { day: allTimeFrom < endDay ? allTimeFrom : endDay };
  }
  if (!from || !to) {
    const range = computeDateRange("sixMonths", { now, timeZone });
    to ??= { day: range.to };
    from ??= { day: range.from! };
  }
  const fromDay = "day" in from ? from.day : todayInTimeZone(from.instant, timeZone);
  const toDay = "day" in to ? to.day : todayInTimeZone(new Date(to.instant.getTime() - 1), timeZone);
  const fromMs = "day" in from ? Date.parse(`${from.day}T00:00:00Z`) : from.instant.getTime();
  const toMs = "day" in to ? Date.parse(`${to.day}T00:00:00Z`) + 86_400_000 : to.instant.getTime();
  // One end given, the other the default: they may still cross.
  if (fromMs >= toMs) throw AppError.invalid("published_after", "published_after must not be after published_before");
  return {
    from,
    to,
    dayAligned: "day" in from && "day" in to,
    fromDay,
    toDay,
    groupIds: filter.groupIds,
    locationIds: filter.locationIds,
    sourceIds: filter.sourceIds,
    ratings: filter.ratings,
    sentiments: filter.sentiments,
    categories: filter.categories,
  };
}

/**
 * The overview's filters of a query (the review filter's keys; any category name, see
 * `ReviewFilterOptions`), 400 with the field for a bad value.
 */
export function parseMetricsFilters(
  query: Record<string, unknown>,
  timeZone: string,
  now = new Date(),
): MetricsFilters {
  return metricsFiltersOf(parseReviewFilter(query, { categories: "any" }), timeZone, now);
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

const DAY_MS = 86_400_000;

/**
 * How an overview of whole days is read from an account's week rows (migration 0040) and its day rows: the weeks
 * (their Mondays) that lie whole inside one period of [previousFrom, to] and, by month, inside one month (their
 * rows then fall in one bucket; by day, the current period reads no week), and every other day of the range.
 */
export function overviewSpans(
  previousFrom: string,
  from: string,
  to: string,
  granularity: Granularity,
): { weeks: string[]; days: string[] } {
  // Days as numbers since 1970-01-01 (a Thursday), turned into text only for what is answered: called on every
  // uncached overview, this walk would otherwise cost more than the statement's saving.
  const numberOf = (day: string) => daysBetween("1970-01-01", day);
  const dayOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
  const monthOf = (n: number) => new Date(n * DAY_MS).getUTCMonth();
  const [first, current, last] = [numberOf(previousFrom), numberOf(from), numberOf(to)];
  const weeks: string[] = [];
  const days: string[] = [];
  let day = first;
  while (day <= last) {
    const sunday = day + 6;
    const monday = (day + 3) % 7 === 0;
    // In the current period the week's rows take one bucket: the week's, or its month's when it has one.
    const whole =
      monday &&
      sunday <= last &&
      (day >= current
        ? granularity === "week" || (granularity === "month" && monthOf(day) === monthOf(sunday))
        : sunday < current);
    if (whole) {
      weeks.push(dayOfNumber(day));
      day += 7;
    } else {
      days.push(dayOfNumber(day));
      day += 1;
    }
  }
  return { weeks, days };
}

/**
 * Every bucket start from the one holding `from` to the one holding `to`; with `atLeast`, at least that
 * many (the buckets after `to`, for a bucket's end).
 */
export function bucketsBetween(from: string, to: string, granularity: Granularity, atLeast = 0): string[] {
  const out: string[] = [];
  let cursor = bucketOf(from, granularity);
  while (cursor <= to || out.length < atLeast) {
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
