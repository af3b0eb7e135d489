import { isIsoDate } from "@starboard/contract/date-ranges";
import {
  filterValues,
  REVIEW_CATEGORIES,
  REVIEW_RATING_VALUES,
  REVIEW_RESPONSE_STATUS_FILTERS,
  REVIEW_SENTIMENT_VALUES,
  REVIEW_TYPES,
  type TReviewType,
} from "@starboard/contract/review-filter";
import { accountIdFor, isUuid } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { selectTimeZone } from "./time-zone.ts";

// The one parser of the review filter (packages/contract/src/review-filter.ts, docs/api.md "Review
// filters"): every endpoint that narrows reviews reads its query through `parseReviewFilter` (or
// `reviewFilterFrom`, which adds the account), and the list's SQL through `reviewWhere` (queries.ts).

/**
 * One end of a date range: a whole day in the account's time zone (a date `YYYY-MM-DD`, included at
 * either end), or an instant (a date-time; the end excluded).
 */
export type Bound = { day: string } | { instant: Date };

/** What a query narrows reviews to, checked: ids are UUIDs, values are known. Empty arrays mean no filter. */
export interface ReviewFilterValues {
  publishedAfter?: Bound | undefined;
  publishedBefore?: Bound | undefined;
  groupIds: string[];
  locationIds: string[];
  sourceIds: string[];
  /** 0 is a review without stars. */
  ratings: number[];
  statusLabelIds: string[];
  responded: boolean;
  notResponded: boolean;
  /** `respondable=true|false`: reviews that can (cannot) be answered here (contract review-answered.ts). */
  respondable?: boolean | undefined;
  /** `assigned_to`: reviews assigned to these users (`me` becomes the caller in `reviewFilterFrom`). */
  assignedUserIds: string[];
  /** `assigned_to=none`: reviews assigned to nobody. */
  unassigned: boolean;
  sentiments: number[];
  /** Lowercase. */
  categories: string[];
  types: TReviewType[];
  tagIds: string[];
  tagNames: string[];
  keywords?: string | undefined;
}

/** The filter of one account's reviews (the account is reachable by the caller). */
export interface ReviewFilter extends ReviewFilterValues {
  accountId: string;
  /** The account's time zone, in which date bounds are whole days. */
  timeZone: string;
  /** One review (the detail answers in the shape of a list item). */
  reviewId?: string | undefined;
}

/** A filter of the account's reviews that narrows by nothing but `over`. */
export function reviewFilter(accountId: string, timeZone: string, over: Partial<ReviewFilter> = {}): ReviewFilter {
  return {
    accountId,
    timeZone,
    groupIds: [],
    locationIds: [],
    sourceIds: [],
    ratings: [],
    statusLabelIds: [],
    responded: false,
    notResponded: false,
    assignedUserIds: [],
    unassigned: false,
    sentiments: [],
    categories: [],
    types: [],
    tagIds: [],
    tagNames: [],
    ...over,
  };
}

/** The id values of a list filter (`key`, repeated, `key[]`, comma-separated); 400 on the key for one that is not. */
export function filterIds(query: Record<string, unknown>, key: string): string[] {
  const values = filterValues(query, key);
  for (const v of values) if (!isUuid(v)) throw AppError.invalid(key, "Invalid id");
  return values;
}

/** The values a list filter accepts, and the message for another. */
const known = <T extends string>(values: readonly T[], message: string) => ({
  values: new Set<string>(values),
  message,
});
const RATINGS = known(REVIEW_RATING_VALUES, "Ratings are 0 (no stars) to 5");
const SENTIMENTS = known(REVIEW_SENTIMENT_VALUES, "Sentiment is 1 (positive) or -1 (negative)");
const TYPES = known(REVIEW_TYPES, `Use ${REVIEW_TYPES.join(", ")}`);
const CATEGORIES = known(REVIEW_CATEGORIES, "Unknown category");
const RESPONSE_STATUSES = new Set<string>(REVIEW_RESPONSE_STATUS_FILTERS);

/** The values of a list filter, each a known one (after `normalise`); 400 on the key otherwise. */
function oneOf<T extends string>(
  query: Record<string, unknown>,
  key: string,
  allowed: { values: Set<string>; message: string },
  normalise?: (value: string) => string,
): T[] {
  const values = filterValues(query, key);
  for (let i = 0; i < values.length; i++) {
    const value = normalise ? normalise(values[i]!) : values[i]!;
    if (!allowed.values.has(value)) throw AppError.invalid(key, allowed.message);
    values[i] = value;
  }
  return values as T[];
}

const DATE_MESSAGE = "Expected a date (YYYY-MM-DD) or a date-time (ISO 8601).";

/** A date bound from `key` or else its alias; 400 on the key used. */
function boundOf(query: Record<string, unknown>, key: string, alias: string): Bound | undefined {
  const given = (v: unknown) => v !== undefined && v !== null && v !== "";
  const field = given(query[key]) ? key : alias;
  const value = query[field];
  if (!given(value)) return undefined;
  if (typeof value !== "string") throw AppError.invalid(field, DATE_MESSAGE);
  if (isIsoDate(value)) return { day: value };
  const instant = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(instant.getTime()))
    throw AppError.invalid(field, DATE_MESSAGE);
  return { instant };
}

/** Milliseconds of a bound, for ordering the two ends (a day from its UTC midnight; the end day to the next). */
function msOf(bound: Bound, end: boolean): number {
  if ("instant" in bound) return bound.instant.getTime();
  return Date.parse(`${bound.day}T00:00:00Z`) + (end ? 86_400_000 : 0);
}

export interface ReviewFilterOptions {
  /**
   * `recognised` (default): a category must be one of REVIEW_CATEGORIES (400 otherwise), as the review
   * list asks. `any`: any name, which matches the reviews carrying it (the metrics overview: its roll-ups
   * hold every category a review carries, and a name no review has counts zero).
   */
  categories?: "recognised" | "any";
}

/**
 * The review filter of a query (the keys of ZReviewFilterQuerySchema; absent keys narrow nothing),
 * checked: 400 with the filter's name for a value that cannot be one. The account is not read here.
 */
export function parseReviewFilter(
  query: Record<string, unknown>,
  options: ReviewFilterOptions = {},
): ReviewFilterValues {
  const statuses = filterValues(query, "status");
  const statusLabelIds: string[] = [];
  for (const s of statuses) {
    if (RESPONSE_STATUSES.has(s)) continue;
    if (!isUuid(s)) throw AppError.invalid("status", "Use a status label id, responded or not_responded");
    statusLabelIds.push(s);
  }
  const lower = (v: string) => v.toLowerCase();
  let categories =
    options.categories === "any"
      ? filterValues(query, "category").map(lower)
      : oneOf(query, "category", CATEGORIES, lower);
  // `food,FOOD` is one category (the roll-ups answer one category).
  if (categories.length > 1) categories = [...new Set(categories)];
  const tags = filterValues(query, "tag", { split: false });
  const publishedAfter = boundOf(query, "published_after", "from");
  const publishedBefore = boundOf(query, "published_before", "to");
  if (publishedAfter && publishedBefore && msOf(publishedAfter, false) >= msOf(publishedBefore, true)) {
    throw AppError.invalid("published_after", "published_after must not be after published_before");
  }
  const keywords = typeof query.keywords === "string" ? query.keywords.trim() : "";
  const respondableValue = query.respondable;
  if (
    respondableValue !== undefined &&
    respondableValue !== "" &&
    respondableValue !== "true" &&
    respondableValue !== "false"
  )
    throw AppError.invalid("respondable", "Use true or false");
  return {
    publishedAfter,
    publishedBefore,
    groupIds: filterIds(query, "group_id"),
    locationIds: filterIds(query, "location_id"),
    sourceIds: filterIds(query, "source_id"),
    ratings: oneOf(query, "rating", RATINGS).map(Number),
    statusLabelIds,
    responded: statuses.includes("responded"),
    notResponded: statuses.includes("not_responded"),
    respondable: respondableValue === "true" ? true : respondableValue === "false" ? false : undefined,
    ...assignedOf(query),
    sentiments: oneOf(query, "sentiment", SENTIMENTS).map(Number),
    categories,
    types: oneOf<TReviewType>(query, "type", TYPES),
    tagIds: tags.filter(isUuid),
    tagNames: tags.filter((t) => !isUuid(t)),
    keywords: keywords || undefined,
  };
}

/** `assigned_to`: user ids, `me` (kept as is until the caller is known) and `none`; 400 on the key otherwise. */
function assignedOf(query: Record<string, unknown>) {
  const values = filterValues(query, "assigned_to");
  for (const v of values) {
    if (v !== "me" && v !== "none" && !isUuid(v)) throw AppError.invalid("assigned_to", "Use me, none or a user id");
  }
  return { assignedUserIds: values.filter((v) => v !== "none"), unassigned: values.includes("none") };
}

/** The account's time zone: the signed-in account's from the session, a child's from the database. */
export async function accountTimeZone(ctx: AppContext, actor: Actor, accountId: string): Promise<string> {
  return accountId === actor.account.id ? actor.account.time_zone : selectTimeZone(ctx.database.db, accountId);
}

/**
 * The review filter of a call: its account (`account_id`, the signed-in account by default; 404 for one
 * the caller does not reach), that account's time zone, and the query's filters (400 with the field).
 */
export async function reviewFilterFrom(
  ctx: AppContext,
  actor: Actor,
  query: Record<string, unknown> & { account_id?: string | undefined },
  options: ReviewFilterOptions = {},
): Promise<ReviewFilter> {
  const accountId = accountIdFor(actor, query.account_id);
  const values = parseReviewFilter(query, options);
  values.assignedUserIds = values.assignedUserIds.map((v) => (v === "me" ? actor.user.id : v));
  return { accountId, timeZone: await accountTimeZone(ctx, actor, accountId), ...values };
}
