import { todayInTimeZone } from "@starboard/contract/date-ranges";
import type { TMetricsOverview } from "@starboard/contract/metrics";
import type { RouteParsed } from "@starboard/contract/route";
import type { metricsRoutes } from "@starboard/contract/routes/metrics";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { NotifiedCache } from "../../platform/notified-cache.ts";
import { shareAnswer } from "../../platform/serializer.ts";
import { reviewFilterFrom } from "../reviews/index.ts";
import {
  addDays,
  bucketsBetween,
  daysBetween,
  granularityOf,
  type MetricsFilters,
  metricsFiltersOf,
  previousPeriod as previousPeriodOf,
} from "./filters.ts";
import { firstPublishedAt, type OverviewCell, overviewQuery } from "./queries.ts";

const round2 = (n: number) => Math.round(n * 100) / 100;
const TOP_SOURCES = 4;

type OverviewQuery = RouteParsed<typeof metricsRoutes.metricsOverview>["query"];

/**
 * GET /api/metrics/{account_id}/overview: the account (404 unless the caller reaches it), the review
 * filter (400 with the field), then one query (the roll-ups when they can answer), the source names with it.
 */
export async function metricsOverview(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  query: OverviewQuery,
  now = new Date(),
): Promise<TMetricsOverview> {
  const db = ctx.database.db;
  const filter = await reviewFilterFrom(ctx, actor, { ...query, account_id: accountId }, { categories: "any" });
  let allTimeFrom: string | undefined;
  if (query.all_time === "true") {
    if (filter.publishedAfter) {
      throw AppError.invalid("all_time", "all_time cannot be combined with published_after");
    }
    const first = await firstPublishedAt(db, filter.accountId);
    allTimeFrom = todayInTimeZone(first ?? now, filter.timeZone);
  }
  const filters = metricsFiltersOf(filter, filter.timeZone, now, allTimeFrom);
  const granularity = granularityOf(filters);
  // The answer depends on nothing but these (the query's arguments) and the rows migration 0032 watches.
  const key = JSON.stringify([filter.accountId, filter.timeZone, filters, granularity]);
  return overviews(ctx).get(key, async () => {
    const { rows } = await overviewQuery(filter.accountId, filter.timeZone, filters, granularity).execute(db);
    return shareAnswer(summarize(filters, granularity, rows));
  });
}

/** How long an overview is answered again without asking the database (at most; a change ends it at once). */
export const METRICS_CACHE_MS = 5_000;

/**
 * The overviews answered in the last METRICS_CACHE_MS, by account, time zone, resolved filters and
 * granularity: a dashboard that many users of an account open, or one client that asks again, costs one
 * query. Any change to what an overview reads (reviews, responses, sources, groups and their locations, the roll-ups)
 * sends NOTIFY sb_metrics at its commit (migration 0032) and empties it in every process.
 */
function overviews(ctx: AppContext) {
  return NotifiedCache.of<Readonly<TMetricsOverview>>(ctx.database, "metrics.overview", {
    channels: ["sb_metrics"],
    ttlMs: METRICS_CACHE_MS,
    maxEntries: 1_000,
  });
}

function bounds(f: Pick<MetricsFilters, "from" | "to">) {
  const show = (b: MetricsFilters["from"]) => ("day" in b ? b.day : b.instant.toISOString());
  return { published_after: show(f.from), published_before: show(f.to) };
}

export function summarize(
  filters: MetricsFilters,
  granularity: TMetricsOverview["granularity"],
  cells: OverviewCell[],
): TMetricsOverview {
  const ratings = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  const sentiment = { positive: 0, negative: 0, neutral: 0 };
  const bySource = new Map<string, { name: string; count: number }>();
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
    // Each kind of cell holds every review of its period once (OverviewCell).
    if (c.kind === "source") {
      if (c.current && c.source_id !== null) {
        const source = bySource.get(c.source_id) ?? { name: c.source_name ?? "Unknown", count: 0 };
        source.count += n;
        bySource.set(c.source_id, source);
      }
      continue;
    }
    if (c.kind === "sentiment") {
      if (!c.current) continue;
      const s = c.sentiment ?? 0;
      if (s > 0) sentiment.positive += n;
      else if (s < 0) sentiment.negative += n;
      else sentiment.neutral += n;
      continue;
    }
    const rating = c.rating ?? 0;
    if (!c.current) {
      prev.count += n;
      if (rating > 0) {
        prev.rated += n;
        prev.sum += n * rating;
      }
      continue;
    }
    total += n;
    if (rating > 0) {
      rated += n;
      ratingSum += n * rating;
      ratings[String(rating) as keyof typeof ratings] += n;
    }
    respondable += Number(c.respondable_count);
    responded += Number(c.responded_count);
    answered += Number(c.response_count);
    hours += Number(c.response_hours_sum);
    if (c.bucket) {
      const b = byBucket.get(c.bucket) ?? { count: 0, rated: 0, sum: 0 };
      b.count += n;
      if (rating > 0) {
        b.rated += n;
        b.sum += n * rating;
      }
      byBucket.set(c.bucket, b);
    }
  }

  const ranked = [...bySource]
    .map(([id, { name, count }]) => ({ source_id: id as string | null, name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const sources = ranked.slice(0, TOP_SOURCES);
  const other = ranked.slice(TOP_SOURCES).reduce((sum, s) => sum + s.count, 0);
  if (other > 0) sources.push({ source_id: null, name: "Other", count: other });

  const buckets = bucketsBetween(filters.fromDay, filters.toDay, granularity);
  const timeseries = buckets.map((date, i) => {
    const b = byBucket.get(date);
    // A first or last bucket only partly inside the period (a week or month cut by the range): its days.
    const end = addDays(buckets[i + 1] ?? bucketsBetween(date, date, granularity, 2)[1]!, -1);
    const first = date < filters.fromDay ? filters.fromDay : date;
    const last = end > filters.toDay ? filters.toDay : end;
    const days = daysBetween(first, last) + 1;
    return {
      date,
      total_reviews: b?.count ?? 0,
      avg_rating: b && b.rated > 0 ? round2(b.sum / b.rated) : null,
      partial: days < daysBetween(date, end) + 1,
      days,
    };
  });

  return {
    total_reviews: total,
    avg_rating: rated > 0 ? round2(ratingSum / rated) : null,
    ratings,
    response_rate: respondable > 0 ? round2((100 * responded) / respondable) : null,
    respondable_reviews: respondable,
    answered_reviews: responded,
    waiting_reviews: respondable - responded,
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
