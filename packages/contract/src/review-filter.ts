/**
 * The review filter (docs/api.md "Review filters"): the query parameters that narrow reviews, spelled the
 * same on every endpoint that takes them (the review list, the metrics overview, URLs and issues, and
 * later exports, keywords, performance, widgets, alerts).
 *
 * - A list filter takes one value, repeated values (`rating=4&rating=5`), `rating[]=4`, or values
 *   separated by commas (`rating=4,5`; not `tag`, whose names may hold commas). The values of one filter
 *   are alternatives (rating 4 or 5); different filters all apply.
 * - `published_after` / `published_before` (aliases `from` / `to`) take a date `YYYY-MM-DD`, a whole day in
 *   the account's time zone (both ends included), or an ISO 8601 date-time, an instant (the end excluded).
 *
 * This schema gives the keys and bounds their size; the server checks the values (one parser,
 * apps/server/src/features/reviews/filter.ts) and answers 400 with the filter's name for a bad one.
 */
import { z } from "./zod.ts";

/** Sentiment on reviews is 1 (positive) or -1 (negative) (docs/product/reviews.md §9); the filter's one spelling. */
export const REVIEW_SENTIMENTS = { positive: 1, negative: -1 } as const;
export const REVIEW_SENTIMENT_VALUES = ["1", "-1"] as const;
/** Rating filter values; "0" is a review without stars (a recommendation or a rating-less source). */
export const REVIEW_RATING_VALUES = ["0", "1", "2", "3", "4", "5"] as const;
/** Review types (`type` filter). */
export const REVIEW_TYPES = ["with_text", "rating_only", "with_images", "with_response", "without_response"] as const;
export type TReviewType = (typeof REVIEW_TYPES)[number];
/** `status` filter values besides a status label id. */
export const REVIEW_RESPONSE_STATUS_FILTERS = ["responded", "not_responded"] as const;
/** Recognised experience category names (docs/product/reviews.md §3); the filter takes them in any case. */
export const REVIEW_CATEGORIES = [
  "food",
  "service",
  "atmosphere",
  "value",
  "consumer",
  "customer",
  "product",
  "location",
  "carequality",
  "bedsidemanner",
  "staff",
  "waittime",
  "facilities",
  "patient",
] as const;
export type TReviewCategory = (typeof REVIEW_CATEGORIES)[number];

/** What a person reads for each experience category. */
export const REVIEW_CATEGORY_LABELS: Record<TReviewCategory, string> = {
  food: "Food",
  service: "Service",
  atmosphere: "Atmosphere",
  value: "Value",
  consumer: "Consumer",
  customer: "Customer",
  product: "Product",
  location: "Location",
  carequality: "Care quality",
  bedsidemanner: "Bedside manner",
  staff: "Staff",
  waittime: "Wait time",
  facilities: "Facilities",
  patient: "Patient",
};

/** The experience categories an account of each vertical is offered; other verticals get `other`'s. */
export const REVIEW_CATEGORIES_BY_VERTICAL = {
  restaurant: ["food", "service", "atmosphere", "value", "location", "staff", "waittime"],
  healthcare: ["carequality", "bedsidemanner", "staff", "waittime", "facilities", "patient"],
  other: ["product", "customer", "consumer", "service", "value", "location", "staff"],
} as const satisfies Record<string, readonly TReviewCategory[]>;

/** The categories for an account's vertical (`account.vertical` in the session). */
export function reviewCategoriesFor(vertical: string | null | undefined): readonly TReviewCategory[] {
  if (vertical === "restaurant" || vertical === "healthcare") return REVIEW_CATEGORIES_BY_VERTICAL[vertical];
  return REVIEW_CATEGORIES_BY_VERTICAL.other;
}

/** A category's label; an unknown name is shown capitalised. */
export function reviewCategoryLabel(name: string): string {
  const key = name.toLowerCase();
  if (key in REVIEW_CATEGORY_LABELS) return REVIEW_CATEGORY_LABELS[key as TReviewCategory];
  return key.charAt(0).toUpperCase() + key.slice(1);
}

/** A list filter's key as sent: one value (maybe comma-separated) or repeated values. */
const many = (item: z.ZodString, description: string) =>
  z
    .union([item, z.array(item).max(200)])
    .optional()
    .describe(description);
const ZListValue = z.string().max(4000);
const ZDateBound = (description: string) => z.string().max(40).optional().describe(description);

const ids = (what: string) => many(ZListValue, `${what} ids`);
const ratings = many(ZListValue, `Ratings: ${REVIEW_RATING_VALUES.join(", ")} (0: no stars)`);
const statuses = many(ZListValue, `A status label id, ${REVIEW_RESPONSE_STATUS_FILTERS.join(" or ")}`);
const sentiments = many(ZListValue, `Sentiment: ${REVIEW_SENTIMENT_VALUES.join(" (positive) or ")} (negative)`);
const categories = many(ZListValue, `Experience categories: ${REVIEW_CATEGORIES.join(", ")}`);
const types = many(ZListValue, `Review types: ${REVIEW_TYPES.join(", ")}`);
const tags = many(z.string().max(100), "A tag id or a tag name (never split on commas)");

/** The review filter's query parameters (see the top of this file). */
export const ZReviewFilterQuerySchema = z.object({
  account_id: z.string().max(100).optional(),
  published_after: ZDateBound("From: a date (YYYY-MM-DD, in the account's time zone) or a date-time"),
  published_before: ZDateBound("To: a date (YYYY-MM-DD, included) or a date-time (excluded)"),
  from: ZDateBound("Alias of published_after"),
  to: ZDateBound("Alias of published_before"),
  group_id: ids("Group"),
  "group_id[]": ids("Group"),
  location_id: ids("Location"),
  "location_id[]": ids("Location"),
  source_id: ids("Source"),
  "source_id[]": ids("Source"),
  rating: ratings,
  "rating[]": ratings,
  status: statuses,
  "status[]": statuses,
  sentiment: sentiments,
  "sentiment[]": sentiments,
  category: categories,
  "category[]": categories,
  type: types,
  "type[]": types,
  tag: tags,
  "tag[]": tags,
  keywords: z.string().max(200).optional().describe("Words in the title, text or author (full-text search)"),
  assigned_to: z
    .string()
    .max(100)
    .optional()
    .describe("me (the caller), none (unassigned), or a user id: reviews assigned to them"),
  respondable: z
    .enum(["true", "false"])
    .optional()
    .describe("true: reviews that can be answered here (review-answered.ts); false: those that cannot"),
});
/** The review filter as a caller sends it. */
export type TReviewFilterQuery = z.input<typeof ZReviewFilterQuerySchema>;

/**
 * All values of a list filter, whichever way they came (`key`, repeated `key`, `key[]`, and unless
 * `split` is false, comma-separated), trimmed, without empty ones and repeats.
 */
export function filterValues<T extends string = string>(
  query: Record<string, unknown>,
  key: string,
  { split = true }: { split?: boolean } = {},
): T[] {
  const one = query[key];
  const many = query[`${key}[]`];
  if ((one === undefined || one === "") && (many === undefined || many === "")) return [];
  const out = new Set<string>();
  for (const v of [one, many]) {
    if (v === undefined || v === null || v === "") continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      if (typeof item !== "string") continue;
      for (const part of split ? item.split(",") : [item]) {
        const value = part.trim();
        if (value !== "") out.add(value);
      }
    }
  }
  return [...out] as T[];
}
