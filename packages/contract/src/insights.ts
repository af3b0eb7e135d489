import { ZHalPageSchema } from "./hal.ts";
import { ZReviewFilterQuerySchema } from "./review-filter.ts";
import { z } from "./zod.ts";

// Insights: keywords and experience categories with sentiment (docs/product/reviews.md §2, §3, §7;
// docs/api.md "Insights"). Keyword sentiment is the string positive or negative (reviews.md §9); the
// other filters are the review filter's (review-filter.ts), read by the same parser as GET /api/reviews.

/** Keyword sorts (reviews.md §2): highest_volume is the default. */
export const KEYWORD_SORTS = ["highest_volume", "controversy", "positive_ratio", "negative_ratio"] as const;
export type TKeywordSort = (typeof KEYWORD_SORTS)[number];
export const KEYWORD_SORT_LABELS: Record<TKeywordSort, string> = {
  highest_volume: "Highest Volume",
  controversy: "Controversy",
  positive_ratio: "Positive Ratio",
  negative_ratio: "Negative Ratio",
};
export const KEYWORD_SENTIMENTS = ["positive", "negative"] as const;
export type TKeywordSentiment = (typeof KEYWORD_SENTIMENTS)[number];

/** The messages of reviews.md §2 and §8. */
export const INSIGHTS_MESSAGES = {
  noKeywords: "No mentioned keywords during this period.",
  categoriesError: "There was an error fetching data for Experience Categories",
  categoryRankError: "Unable to get categories rank at this time. Please try refreshing the page or try again later.",
} as const;

/** The review filter without the review sentiment (1 / -1): keywords take positive / negative instead. */
const ZFilter = ZReviewFilterQuerySchema.omit({ sentiment: true, "sentiment[]": true });

const ZPaging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(25),
  nonce: z.string().optional(),
};

/** GET /api/insights/{accountId}/mentioned */
export const ZMentionedQuerySchema = ZFilter.extend({
  sentiment: z.string().max(20).optional().describe("positive or negative: only the mentions of that sentiment"),
  "sort[by]": z
    .string()
    .max(40)
    .optional()
    .describe(`${KEYWORD_SORTS.join(", ")} (default highest_volume)`),
  "sort[order]": z.string().max(10).optional().describe("desc (default) or asc"),
  ...ZPaging,
});
export type TMentionedQuery = z.input<typeof ZMentionedQuerySchema>;

export const ZKeywordSchema = z.object({
  /** The keyword's short form, as users read it ("wait time"). */
  short: z.string(),
  /** The experience category its mentions belong to (null: none). */
  category: z.string().nullable(),
  /** Reviews (in the filter) that mention it positively. */
  positive_mentions: z.number(),
  /** Reviews (in the filter) that mention it negatively. */
  negative_mentions: z.number(),
});
export type TKeyword = z.infer<typeof ZKeywordSchema>;

export const ZMentionedSchema = z.object({
  keywords: z.array(ZKeywordSchema),
  _page: z.number(),
  _total_pages: z.number(),
  _total: z.number(),
  per_page: z.number(),
});
export type TMentioned = z.infer<typeof ZMentionedSchema>;

/** A monthly metric row (reviews.md §3): x the month's first day, y total, y1 positive, y2 negative, dy percent change of y. */
export const ZMetricRowSchema = z.object({
  x: z.string(),
  y: z.number(),
  y1: z.number(),
  y2: z.number(),
  dy: z.number().nullable(),
});
export type TMetricRow = z.infer<typeof ZMetricRowSchema>;

/** GET /api/insights/{accountId}/keyword_details?keyword= */
export const ZKeywordDetailQuerySchema = ZFilter.extend({
  keyword: z.string().max(200).optional().describe("The keyword's short form (required)"),
  sentiment: z.string().max(20).optional().describe("positive or negative"),
  nonce: z.string().optional(),
});
export const ZKeywordDetailSchema = ZKeywordSchema.extend({
  neutral_mentions: z.number(),
  metrics: z.array(ZMetricRowSchema),
});
export type TKeywordDetail = z.infer<typeof ZKeywordDetailSchema>;

/** Where a mention's keyword stands in a review's text (UTF-16 offsets), for highlighting. */
export const ZHighlightSchema = z.object({
  field: z.enum(["title", "content"]),
  start: z.number(),
  end: z.number(),
});
export type THighlight = z.infer<typeof ZHighlightSchema>;

/** GET /api/insights/{accountId}/keyword_reviews?keyword= */
export const ZKeywordReviewsQuerySchema = ZKeywordDetailQuerySchema.extend(ZPaging);
export const ZKeywordReviewSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  content: z.string().nullable(),
  rating: z.number().nullable(),
  author_name: z.string().nullable(),
  published_at: z.string(),
  location_id: z.string(),
  location_name: z.string().nullable(),
  source_name: z.string().nullable(),
  /** The keyword's sentiment in this review. */
  sentiment: z.enum(["positive", "negative", "neutral"]),
  highlights: z.array(ZHighlightSchema),
});
export type TKeywordReview = z.infer<typeof ZKeywordReviewSchema>;
export const ZKeywordReviewsSchema = ZHalPageSchema("reviews", ZKeywordReviewSchema);

/** GET /api/insights/{accountId}/categories and category_rank: the review filter (review sentiment 1 / -1). */
export const ZCategoriesQuerySchema = ZReviewFilterQuerySchema.extend({ nonce: z.string().optional() });

export const ZCategoryInsightSchema = z.object({
  category: z.string(),
  label: z.string(),
  /** Reviews of the filter in this category with positive sentiment (= /api/reviews?category=&sentiment=1). */
  positive_count: z.number(),
  negative_count: z.number(),
  /** Reviews of the filter in this category (= /api/reviews?category=). */
  total_count: z.number(),
  /** The rounded share of positive_count in total_count; null when total_count is 0. */
  positive_percent: z.number().nullable(),
});
export type TCategoryInsight = z.infer<typeof ZCategoryInsightSchema>;

export const ZCategoriesSchema = z.object({
  categories: z.array(ZCategoryInsightSchema.extend({ trend: z.array(ZMetricRowSchema) })),
});
export type TCategories = z.infer<typeof ZCategoriesSchema>;

export const ZCategoryRankSchema = z.object({
  items: z.array(ZCategoryInsightSchema.extend({ rank: z.number() })),
});
export type TCategoryRank = z.infer<typeof ZCategoryRankSchema>;

/** GET /api/insights: the categories for the filter bar. */
export const ZInsightsListQuerySchema = ZCategoriesQuerySchema.extend({
  group_ids: z.union([z.string().max(4000), z.array(z.string().max(4000)).max(200)]).optional(),
  location_ids: z.union([z.string().max(4000), z.array(z.string().max(4000)).max(200)]).optional(),
  show_zero: z.enum(["true", "false"]).optional().describe("false (default): leave out categories without reviews"),
  "sort[by]": z.string().max(40).optional().describe("total_count (default), category or positive_percent"),
  ...ZPaging,
});
export const ZInsightsListSchema = ZHalPageSchema("insights", ZCategoryInsightSchema);

/** GET /api/review/{id}/keywords */
export const ZReviewKeywordsSchema = z.object({
  keywords: z.array(
    z.object({
      keyword: z.string(),
      category: z.string().nullable(),
      sentiment: z.enum(["positive", "negative", "neutral"]),
      highlights: z.array(ZHighlightSchema),
    }),
  ),
});
export type TReviewKeywords = z.infer<typeof ZReviewKeywordsSchema>;

/** A re-analysis of an account's reviews (after a model change), with its progress. */
export const ZAnalysisRunSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  reason: z.string(),
  model_version: z.string(),
  status: z.enum(["queued", "running", "done", "failed"]),
  total: z.number(),
  done: z.number(),
  /** done / total in percent, rounded down (100 when there is nothing to do and the run is done). */
  percent: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TAnalysisRun = z.infer<typeof ZAnalysisRunSchema>;
export const ZReanalysisBodySchema = z.object({
  account_id: z.string().max(100).optional(),
  reason: z.string().max(200).optional(),
});
