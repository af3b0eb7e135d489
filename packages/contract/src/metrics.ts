import { ZReviewFilterQuerySchema } from "./review-filter.ts";
import { z } from "./zod.ts";

/**
 * GET /api/metrics/{account_id}/overview: the review filter's dimensions (review-filter.ts): dates,
 * group, location, source, rating, sentiment, category. Without dates, the last six months;
 * `all_time=true` for All time.
 */
export const ZMetricsQuerySchema = ZReviewFilterQuerySchema.pick({
  published_after: true,
  published_before: true,
  from: true,
  to: true,
  group_id: true,
  "group_id[]": true,
  location_id: true,
  "location_id[]": true,
  source_id: true,
  "source_id[]": true,
  rating: true,
  "rating[]": true,
  sentiment: true,
  "sentiment[]": true,
  category: true,
  "category[]": true,
}).extend({
  nonce: z.string().optional(),
  /**
   * `true`: All time, an open lower bound (the period starts on the day of the account's first review).
   * Without it a missing `published_after` means the last six months; it cannot be combined with
   * `published_after` / `from`.
   */
  all_time: z
    .enum(["true", "false"])
    .optional()
    .describe("true: All time (from the account's first review); not with published_after"),
});
/** The overview's query as a caller sends it. */
export type TMetricsQuery = z.input<typeof ZMetricsQuerySchema>;

const ZAverage = z.number().nullable();

/** GET /api/metrics/{account_id}/overview: the dashboard's numbers for the current filters. */
export const ZMetricsOverviewSchema = z.object({
  total_reviews: z.number(),
  avg_rating: ZAverage,
  ratings: z.object({ "1": z.number(), "2": z.number(), "3": z.number(), "4": z.number(), "5": z.number() }),
  /**
   * Percent of the respondable reviews that are answered (review-answered.ts); null when none is
   * respondable. The list counts the same: `respondable=true&status=responded` of `respondable=true`.
   */
  response_rate: ZAverage,
  /** Reviews that can be answered here (the list's `respondable=true`). */
  respondable_reviews: z.number(),
  /** Respondable reviews that are answered (`respondable=true&status=responded`). */
  answered_reviews: z.number(),
  /** Respondable reviews waiting for a response (`respondable=true&status=not_responded`). */
  waiting_reviews: z.number(),
  /** Hours from publication to the first published response; null when nothing was answered. */
  avg_response_time: ZAverage,
  sentiment: z.object({ positive: z.number(), negative: z.number(), neutral: z.number() }),
  /** The top 4 sources plus Other (source_id null). */
  sources: z.array(z.object({ source_id: z.string().nullable(), name: z.string(), count: z.number() })),
  granularity: z.enum(["day", "week", "month"]),
  /**
   * One point per bucket (`date` is its first day). `partial`: the bucket is only partly inside the
   * period (a first or last week or month cut by the range), `days` of it are (charts draw it apart).
   */
  timeseries: z.array(
    z.object({
      date: z.string(),
      total_reviews: z.number(),
      avg_rating: ZAverage,
      partial: z.boolean(),
      days: z.number(),
    }),
  ),
  previous_period: z.object({
    total_reviews: z.number(),
    avg_rating: ZAverage,
    published_after: z.string(),
    published_before: z.string(),
  }),
  published_after: z.string(),
  published_before: z.string(),
});
export type TMetricsOverview = z.infer<typeof ZMetricsOverviewSchema>;
