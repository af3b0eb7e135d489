import type { TMetricsOverview } from "@starboard/contract/metrics";
import type { Database } from "../../db/database.ts";
import {
  bucketsBetween,
  granularityOf,
  type MetricsFilters,
  parseMetricsFilters,
  previousPeriod as previousPeriodOf,
  type TMetricsQuery,
} from "./filters.ts";
import { accountTimeZone, type OverviewCell, overviewQuery, sourceNames } from "./queries.ts";

const round2 = (n: number) => Math.round(n * 100) / 100;
const TOP_SOURCES = 4;

/** The metrics overview of an account (already resolved through the tenancy gate). */
export async function metricsOverview(
  database: Database,
  accountId: string,
  query: TMetricsQuery,
  now = new Date(),
): Promise<TMetricsOverview> {
  const tz = await accountTimeZone(database.db, accountId);
  const filters = parseMetricsFilters(query, tz, now);
  const granularity = granularityOf(filters);
  const { rows } = await overviewQuery(accountId, tz, filters, granularity).execute(database.db);
  return summarize(
    filters,
    granularity,
    rows,
    await sourceNames(database.db, [...new Set(rows.map((r) => r.source_id))]),
  );
}

function bounds(f: Pick<MetricsFilters, "from" | "to">) {
  const show = (b: MetricsFilters["from"]) => ("day" in b ? b.day : b.instant.toISOString());
  return { published_after: show(f.from), published_before: show(f.to) };
}

export function summarize(
  filters: MetricsFilters,
  granularity: TMetricsOverview["granularity"],
  cells: OverviewCell[],
  names: Map<string, string>,
): TMetricsOverview {
  const ratings = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  const sentiment = { positive: 0, negative: 0, neutral: 0 };
  const bySource = new Map<string, number>();
  const byBucket = new Map<string, { count: number; rated: number; sum: number }>();
  let total = 0;
  let rated = 0;
  let ratingSum = 0;
  let respondable = 0;
  let responded = 0;
  let answered = 0;
  let hours = 0;
  const prev = { count: 0, rated: 0, sum: 0 };
  for (const c of cells) {
    const n = Number(c.review_count);
    if (!c.current) {
      prev.count += n;
      if (c.rating > 0) {
        prev.rated += n;
        prev.sum += n * c.rating;
      }
      continue;
    }
    total += n;
    if (c.rating > 0) {
      rated += n;
      ratingSum += n * c.rating;
      ratings[String(c.rating) as keyof typeof ratings] += n;
    }
    if (c.sentiment > 0) sentiment.positive += n;
    else if (c.sentiment < 0) sentiment.negative += n;
    else sentiment.neutral += n;
    bySource.set(c.source_id, (bySource.get(c.source_id) ?? 0) + n);
    respondable += Number(c.respondable_count);
    responded += Number(c.responded_count);
    answered += Number(c.response_count);
    hours += Number(c.response_hours_sum);
    if (c.bucket) {
      const b = byBucket.get(c.bucket) ?? { count: 0, rated: 0, sum: 0 };
      b.count += n;
      if (c.rating > 0) {
        b.rated += n;
        b.sum += n * c.rating;
      }
      byBucket.set(c.bucket, b);
    }
  }

  const ranked = [...bySource]
    .map(([id, count]) => ({ source_id: id as string | null, name: names.get(id) ?? "Unknown", count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const sources = ranked.slice(0, TOP_SOURCES);
  const other = ranked.slice(TOP_SOURCES).reduce((sum, s) => sum + s.count, 0);
  if (other > 0) sources.push({ source_id: null, name: "Other", count: other });

  const timeseries = bucketsBetween(filters.fromDay, filters.toDay, granularity).map((date) => {
    const b = byBucket.get(date);
    return { date, total_reviews: b?.count ?? 0, avg_rating: b && b.rated > 0 ? round2(b.sum / b.rated) : null };
  });

  return {
    total_reviews: total,
    avg_rating: rated > 0 ? round2(ratingSum / rated) : null,
    ratings,
    response_rate: respondable > 0 ? round2((100 * responded) / respondable) : null,
    avg_response_time: answered > 0 ? round2(hours / answered) : null,
    sentiment,
    sources,
    granularity,
    timeseries,
    previous_period: {
      total_reviews: prev.count,
      avg_rating: prev.rated > 0 ? round2(prev.sum / prev.rated) : null,
      ...bounds(previousPeriodOf(filters)),
    },
    ...bounds(filters),
  };
}
