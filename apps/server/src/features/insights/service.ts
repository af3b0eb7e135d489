import { computeDateRange, todayInTimeZone } from "@starboard/contract/date-ranges";
import {
  KEYWORD_SENTIMENTS,
  KEYWORD_SORTS,
  type TAnalysisRun,
  type TCategories,
  type TCategoryInsight,
  type TCategoryRank,
  type TKeywordDetail,
  type TKeywordReview,
  type TKeywordSentiment,
  type TKeywordSort,
  type TMentioned,
  type TReviewKeywords,
} from "@starboard/contract/insights";
import { reviewCategoriesFor, reviewCategoryLabel } from "@starboard/contract/review-filter";
import type { RouteParsed } from "@starboard/contract/route";
import type { insightsRoutes } from "@starboard/contract/routes/insights";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import { accountIdFor } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { halPage } from "../../platform/hal.ts";
import { accountSettingOn } from "../accounts/index.ts";
import { modelVersion } from "../analysis/index.ts";
import { type Bound, findReachableReview, type ReviewFilter, reviewFilterFrom } from "../reviews/index.ts";
import { highlightsOf } from "./highlight.ts";
import { REANALYZE_JOB } from "./jobs.ts";
import { metricRows, monthsBetween, percentOf, presentKeywordReview, presentRun } from "./presenter.ts";
import {
  accountsAnalysedOtherwise,
  accountVertical,
  type CategoryCell,
  countKeywordReviews,
  countKeywords,
  type KeywordScope,
  latestRun,
  openRun,
  selectCategoryCells,
  selectKeywordMonths,
  selectKeywordReviews,
  selectKeywords,
  selectReviewMentions,
} from "./queries.ts";

// Insights (reviews.md §2, §3, §5, §7; docs/api.md "Insights"): every call reads the review filter with
// the review list's parser (features/reviews), so the reviews it counts are the reviews the list shows.

type Query<K extends keyof typeof insightsRoutes> = RouteParsed<(typeof insightsRoutes)[K]>["query"];

const MESSAGES = {
  insightsOff: "Insights are not enabled for this account",
  experienceOff: "Experience analysis is not enabled for this account",
  sentiment: "Sentiment is positive or negative",
  sort: `Sort by ${KEYWORD_SORTS.join(", ")}`,
  order: "Use asc or desc",
  keyword: "Keyword is required",
  dates: "Category insights need published_after and published_before",
};

/** The account of the call (404 unless reachable), with the insights setting (403 when off). */
async function insightsAccount(ctx: AppContext, actor: Actor, requested: string | undefined, setting = "insights") {
  const accountId = accountIdFor(actor, requested);
  const on =
    accountId === actor.account.id && setting in actor.settings
      ? actor.settings[setting] === true
      : await accountSettingOn(ctx.database.db, accountId, setting);
  if (!on) throw AppError.forbidden(setting === "insights" ? MESSAGES.insightsOff : MESSAGES.experienceOff);
  return accountId;
}

function keywordSentiment(value: string | undefined): TKeywordSentiment | undefined {
  if (value === undefined || value === "") return undefined;
  if (!(KEYWORD_SENTIMENTS as readonly string[]).includes(value))
    throw AppError.invalid("sentiment", MESSAGES.sentiment);
  return value as TKeywordSentiment;
}

/** The keyword scope of a query: the review filter (the list's parser), the keyword categories and sentiment. */
async function keywordScope(
  ctx: AppContext,
  actor: Actor,
  accountIdParam: string,
  query: Record<string, unknown> & { sentiment?: string | undefined; keyword?: string | undefined },
  needsKeyword = false,
): Promise<KeywordScope> {
  const accountId = await insightsAccount(ctx, actor, accountIdParam);
  const { sentiment, keyword, ...rest } = query;
  const sentimentValue = keywordSentiment(sentiment);
  const filter = await reviewFilterFrom(ctx, actor, { ...rest, account_id: accountId });
  let short: string | undefined;
  if (needsKeyword) {
    short = (keyword ?? "").trim().toLowerCase();
    if (!short) throw AppError.invalid("keyword", MESSAGES.keyword);
  }
  return {
    filter: { ...filter, categories: [] },
    categories: filter.categories,
    sentiment: sentimentValue,
    keyword: short,
  };
}

function sortOf(query: { "sort[by]"?: string | undefined; "sort[order]"?: string | undefined }) {
  const by = query["sort[by]"] || "highest_volume";
  if (!(KEYWORD_SORTS as readonly string[]).includes(by)) throw AppError.invalid("sort[by]", MESSAGES.sort);
  const order = query["sort[order]"] || "desc";
  if (order !== "asc" && order !== "desc") throw AppError.invalid("sort[order]", MESSAGES.order);
  return { sort: by as TKeywordSort, order: order as "asc" | "desc" };
}

/** GET /api/insights/{accountId}/mentioned */
export async function listMentioned(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  query: Query<"listMentioned">,
  opts: { bare?: boolean } = {},
): Promise<TMentioned> {
  const scope = await keywordScope(ctx, actor, accountId, query);
  const { sort, order } = sortOf(query);
  const db = ctx.database.db;
  const perPage = query.per_page;
  const rows = await selectKeywords(db, scope, {
    sort,
    order,
    limit: perPage,
    offset: (query.page - 1) * perPage,
    bare: opts.bare ?? false,
  });
  const total = rows[0]?.total ?? (query.page > 1 ? await countKeywords(db, scope, opts.bare) : 0);
  return {
    keywords: rows.map((r) => ({
      short: r.keyword,
      category: r.category || null,
      positive_mentions: r.p,
      negative_mentions: r.n,
    })),
    _page: query.page,
    _total_pages: Math.max(1, Math.ceil(total / perPage)),
    _total: total,
    per_page: perPage,
  };
}

/** The day a bound falls on in the account's time zone (an end instant is excluded). */
function dayOf(bound: Bound, timeZone: string, end: boolean): string {
  if ("day" in bound) return bound.day;
  return todayInTimeZone(new Date(bound.instant.getTime() - (end ? 1 : 0)), timeZone);
}

/** The months of a filter's period, or those of the cells when it has no bounds. */
function periodMonths(f: ReviewFilter, cellMonths: string[]): string[] {
  const sorted = [...cellMonths].sort();
  const from = f.publishedAfter ? dayOf(f.publishedAfter, f.timeZone, false) : sorted[0];
  const to = f.publishedBefore ? dayOf(f.publishedBefore, f.timeZone, true) : sorted[sorted.length - 1];
  if (!from || !to) return sorted;
  return monthsBetween(`${from.slice(0, 7)}-01`, `${to.slice(0, 7)}-01`);
}

/** GET /api/insights/{accountId}/keyword_details?keyword= */
export async function getKeywordDetails(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  query: Query<"getKeywordDetails">,
  opts: { bare?: boolean } = {},
): Promise<TKeywordDetail> {
  const scope = await keywordScope(ctx, actor, accountId, query, true);
  const cells = await selectKeywordMonths(ctx.database.db, scope, opts.bare);
  const byMonth = new Map<string, { positive: number; negative: number }>();
  let positive = 0;
  let negative = 0;
  let neutral = 0;
  const categories = new Map<string, number>();
  for (const c of cells) {
    const p = scope.sentiment === "negative" ? 0 : c.positive;
    const n = scope.sentiment === "positive" ? 0 : c.negative;
    const m = byMonth.get(c.month) ?? { positive: 0, negative: 0 };
    m.positive += p;
    m.negative += n;
    byMonth.set(c.month, m);
    positive += p;
    negative += n;
    neutral += scope.sentiment ? 0 : c.neutral;
    categories.set(c.category, (categories.get(c.category) ?? 0) + c.positive + c.negative + c.neutral);
  }
  const category = [...categories].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] || null;
  return {
    short: scope.keyword as string,
    category,
    positive_mentions: positive,
    negative_mentions: negative,
    neutral_mentions: neutral,
    metrics: metricRows(periodMonths(scope.filter, [...byMonth.keys()]), byMonth),
  };
}

/** GET /api/insights/{accountId}/keyword_reviews?keyword= */
export async function listKeywordReviews(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  query: Query<"listKeywordReviews">,
  url: string,
) {
  const scope = (await keywordScope(ctx, actor, accountId, query, true)) as KeywordScope & { keyword: string };
  const db = ctx.database.db;
  const rows = await selectKeywordReviews(db, scope, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const total = rows[0]?.total ?? (query.page > 1 ? await countKeywordReviews(db, scope) : 0);
  const items = rows.map((r) => presentKeywordReview(scope.keyword, r, scope.sentiment));
  return halPage("reviews", items, total, { url, page: query.page, perPage: query.per_page });
}

// ---- Experience categories ----

async function categoryInsights(
  ctx: AppContext,
  actor: Actor,
  accountIdParam: string | undefined,
  query: Record<string, unknown>,
  opts: { requireDates?: boolean; defaultSixMonths?: boolean; bare?: boolean },
) {
  const accountId = await insightsAccount(ctx, actor, accountIdParam);
  await insightsAccount(ctx, actor, accountId, "experience_analysis");
  const filter = await reviewFilterFrom(ctx, actor, { ...query, account_id: accountId });
  return categoryItems(ctx.database.db, filter, opts);
}

/** The categories of a parsed review filter with their counts and cells (the categories API and exports). */
async function categoryItems(
  db: Kysely<DB>,
  filter: ReviewFilter,
  opts: { requireDates?: boolean; defaultSixMonths?: boolean; bare?: boolean },
) {
  const accountId = filter.accountId;
  if (opts.requireDates) {
    // reviews.md §5: category insights are requested only when both dates exist.
    if (!filter.publishedAfter) throw AppError.invalid("published_after", MESSAGES.dates);
    if (!filter.publishedBefore) throw AppError.invalid("published_before", MESSAGES.dates);
  }
  if (opts.defaultSixMonths && !filter.publishedAfter && !filter.publishedBefore) {
    const range = computeDateRange("sixMonths", { now: new Date(), timeZone: filter.timeZone });
    filter.publishedAfter = { day: range.from as string };
    filter.publishedBefore = { day: range.to };
  }
  const cells = await selectCategoryCells(db, filter, opts.bare);
  const vertical = await accountVertical(db, accountId);
  const offered = filter.categories.length ? filter.categories : [...reviewCategoriesFor(vertical)];
  const seen = [...new Set(cells.map((c) => c.category))].filter((c) => !offered.includes(c)).sort();
  const names = [...offered, ...seen];
  const byCategory = new Map<string, CategoryCell[]>();
  for (const c of cells) byCategory.set(c.category, [...(byCategory.get(c.category) ?? []), c]);
  const items = names.map((category) => {
    const own = byCategory.get(category) ?? [];
    const total = own.reduce((s, c) => s + c.total, 0);
    const positive = own.reduce((s, c) => s + c.positive, 0);
    const negative = own.reduce((s, c) => s + c.negative, 0);
    const insight: TCategoryInsight = {
      category,
      label: reviewCategoryLabel(category),
      positive_count: positive,
      negative_count: negative,
      total_count: total,
      positive_percent: percentOf(positive, total),
    };
    return { insight, cells: own };
  });
  return { filter, items, cellMonths: [...new Set(cells.map((c) => c.month))] };
}

/** GET /api/insights/{accountId}/categories: both dates required (reviews.md §5). */
export async function listCategories(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  query: Query<"listCategories">,
  opts: { bare?: boolean } = {},
): Promise<TCategories> {
  const { filter, items, cellMonths } = await categoryInsights(ctx, actor, accountId, query, {
    requireDates: true,
    bare: opts.bare ?? false,
  });
  const months = periodMonths(filter, cellMonths);
  return {
    categories: items.map(({ insight, cells }) => {
      const byMonth = new Map<string, { positive: number; negative: number }>();
      for (const c of cells) byMonth.set(c.month, { positive: c.positive, negative: c.negative });
      return { ...insight, trend: metricRows(months, byMonth) };
    }),
  };
}

const byVolume = (a: TCategoryInsight, b: TCategoryInsight) =>
  b.total_count - a.total_count ||
  (b.positive_percent ?? -1) - (a.positive_percent ?? -1) ||
  a.category.localeCompare(b.category);

const ranked = (items: { insight: TCategoryInsight }[]): TCategoryRank["items"] =>
  items
    .map((i) => i.insight)
    .sort(byVolume)
    .map((insight, i) => ({ ...insight, rank: i + 1 }));

/** GET /api/insights/{accountId}/category_rank: by reviews, six months by default. */
export async function getCategoryRank(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  query: Query<"getCategoryRank">,
): Promise<TCategoryRank> {
  const { items } = await categoryInsights(ctx, actor, accountId, query, { defaultSixMonths: true });
  return { items: ranked(items) };
}

/** GET /api/insights: the categories with their counts, for the filter bar. */
export async function listInsights(ctx: AppContext, actor: Actor, query: Query<"listInsights">, url: string) {
  const { group_ids, location_ids, show_zero, page, per_page, ...rest } = query;
  const merged: Record<string, unknown> = { ...rest };
  if (group_ids !== undefined) merged.group_id = [rest.group_id ?? [], group_ids].flat();
  if (location_ids !== undefined) merged.location_id = [rest.location_id ?? [], location_ids].flat();
  const by = query["sort[by]"] || "total_count";
  if (!["total_count", "category", "positive_percent"].includes(by))
    throw AppError.invalid("sort[by]", "Sort by total_count, category or positive_percent");
  const { items } = await categoryInsights(ctx, actor, query.account_id, merged, {});
  let list = items.map((i) => i.insight);
  if (show_zero !== "true") list = list.filter((i) => i.total_count > 0);
  if (by === "total_count") list.sort(byVolume);
  else if (by === "category") list.sort((a, b) => a.label.localeCompare(b.label));
  else list.sort((a, b) => (b.positive_percent ?? -1) - (a.positive_percent ?? -1) || byVolume(a, b));
  const start = (page - 1) * per_page;
  return halPage("insights", list.slice(start, start + per_page), list.length, { url, page, perPage: per_page });
}

/** GET /api/review/{id}/keywords */
export async function getReviewKeywords(ctx: AppContext, actor: Actor, reviewId: string): Promise<TReviewKeywords> {
  const review = await findReachableReview(ctx, actor, reviewId);
  await insightsAccount(ctx, actor, review.account_id);
  const mentions = await selectReviewMentions(ctx.database.db, review.id);
  const text = { title: review.title ?? null, content: review.content ?? null };
  return {
    keywords: mentions.map((m) => ({
      keyword: m.keyword,
      category: m.category,
      sentiment: (["positive", "negative"].includes(m.sentiment) ? m.sentiment : "neutral") as
        | "positive"
        | "negative"
        | "neutral",
      highlights: highlightsOf(m.keyword, text),
    })),
  };
}

// ---- Exports (features/exports reads these through index.ts, with the review filter it parsed) ----

/** 403 unless the account has insights (and experience analysis, for categories) on, as the API answers. */
export async function checkInsightsOn(db: Kysely<DB>, accountId: string, experience = false): Promise<void> {
  if (!(await accountSettingOn(db, accountId, "insights"))) throw AppError.forbidden(MESSAGES.insightsOff);
  if (experience && !(await accountSettingOn(db, accountId, "experience_analysis")))
    throw AppError.forbidden(MESSAGES.experienceOff);
}

/** The options of a keyword export: the keyword sentiment, the sort and (keyword_details) the keyword. */
export interface KeywordExportQuery {
  sentiment?: string | undefined;
  keyword?: string | undefined;
  "sort[by]"?: string | undefined;
  "sort[order]"?: string | undefined;
}

/** The keyword scope of a parsed review filter, as `keywordScope` builds it for the API (400 with the field). */
function exportScope(filter: ReviewFilter, query: KeywordExportQuery, needsKeyword: boolean): KeywordScope {
  const sentiment = keywordSentiment(query.sentiment);
  const keyword = needsKeyword ? (query.keyword ?? "").trim().toLowerCase() : undefined;
  if (needsKeyword && !keyword) throw AppError.invalid("keyword", MESSAGES.keyword);
  return { filter: { ...filter, categories: [] }, categories: filter.categories, sentiment, keyword };
}

/**
 * The keywords list (GET …/mentioned) of a review filter, page by page (`limit` rows from `offset`),
 * in the list's sort: the keyword export. Validates now (400), reads later.
 */
export function keywordListPages(filter: ReviewFilter, query: KeywordExportQuery) {
  const scope = exportScope(filter, query, false);
  const { sort, order } = sortOf(query);
  return async (db: Kysely<DB>, limit: number, offset: number): Promise<TMentioned["keywords"]> => {
    const rows = await selectKeywords(db, scope, { sort, order, limit, offset });
    return rows.map((r) => ({
      short: r.keyword,
      category: r.category || null,
      positive_mentions: r.p,
      negative_mentions: r.n,
    }));
  };
}

/** The reviews mentioning one keyword (GET …/keyword_reviews) of a review filter, page by page, newest first. */
export function keywordReviewPages(filter: ReviewFilter, query: KeywordExportQuery) {
  const scope = exportScope(filter, query, true) as KeywordScope & { keyword: string };
  return async (db: Kysely<DB>, limit: number, offset: number): Promise<TKeywordReview[]> => {
    const rows = await selectKeywordReviews(db, scope, { limit, offset });
    return rows.map((r) => presentKeywordReview(scope.keyword, r, scope.sentiment));
  };
}

/** The ranked categories (GET …/category_rank) of a review filter, six months by default: the categories export. */
export async function categoryRankOf(db: Kysely<DB>, filter: ReviewFilter): Promise<TCategoryRank["items"]> {
  const { items } = await categoryItems(db, { ...filter }, { defaultSixMonths: true });
  return ranked(items);
}

// ---- Re-analysis ----

/**
 * POST /api/insights/{accountId}/reanalysis: a run of the account's reviews through the current model,
 * enqueued in the transaction that records it. A run already queued or running is answered instead.
 */
export async function startReanalysis(
  ctx: AppContext,
  actor: Actor,
  accountIdParam: string,
  body: { reason?: string | undefined },
): Promise<TAnalysisRun> {
  const accountId = accountIdFor(actor, accountIdParam);
  return requestReanalysis(ctx, accountId, { userId: actor.user.id, reason: body.reason?.trim() || "requested" });
}

/**
 * Records a re-analysis of an account and enqueues its job in the same transaction (or answers the open
 * one). Pass the transaction of the change that causes it, so the job exists exactly when the change commits.
 */
export async function requestReanalysis(
  ctx: AppContext,
  accountId: string,
  opts: { userId?: string | null; reason: string },
  inTransaction?: Transaction<DB>,
): Promise<TAnalysisRun> {
  const within = async (trx: Transaction<DB>) => {
    await trx.selectFrom("accounts").select("id").where("id", "=", accountId).forUpdate().executeTakeFirst();
    const open = await openRun(trx, accountId);
    if (open) return presentRun(open);
    return presentRun(await createRun(ctx, trx, accountId, opts));
  };
  // In the transaction of the change that causes it (a model or keyword list change), or in its own.
  return inTransaction ? within(inTransaction) : ctx.database.db.transaction().execute(within);
}

/** Records a run (the current model's version) and enqueues its job in `trx`. */
async function createRun(
  ctx: AppContext,
  trx: Transaction<DB>,
  accountId: string,
  opts: { userId?: string | null; reason: string },
) {
  const run = await trx
    .insertInto("analysis_runs")
    .values({
      account_id: accountId,
      user_id: opts.userId ?? null,
      reason: opts.reason,
      model_version: modelVersion(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await ctx.jobs.send(REANALYZE_JOB, { runId: run.id }, { trx, singletonKey: run.id });
  return run;
}

/**
 * At the start of a process that works the queues: a re-analysis of every account with a review analysed
 * by another model version than the running one (`reviews.analysis_version`; NULL counts as another).
 * Enqueued once however many processes start together: each account is claimed under its row lock, and
 * only when no run of it is queued or running and it still has such a review (a run that another process
 * started and finished meanwhile leaves none). Answers the runs it started.
 */
export async function reanalyzeAfterModelChange(ctx: AppContext): Promise<TAnalysisRun[]> {
  const version = modelVersion();
  const started: TAnalysisRun[] = [];
  for (const accountId of await accountsAnalysedOtherwise(ctx.database.db, version)) {
    const run = await ctx.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom("accounts").select("id").where("id", "=", accountId).forUpdate().executeTakeFirst();
      if (await openRun(trx, accountId)) return undefined;
      if (!(await accountsAnalysedOtherwise(trx, version, accountId)).length) return undefined;
      return createRun(ctx, trx, accountId, { reason: `model changed to ${version}` });
    });
    if (run) started.push(presentRun(run));
  }
  if (started.length)
    ctx.log.info({ accounts: started.length, model_version: version }, "model changed: re-analysis queued");
  return started;
}

/** GET /api/insights/{accountId}/reanalysis: the latest run (404 when there was none). */
export async function getReanalysis(ctx: AppContext, actor: Actor, accountIdParam: string): Promise<TAnalysisRun> {
  const accountId = await insightsAccount(ctx, actor, accountIdParam);
  const run = await latestRun(ctx.database.db, accountId);
  if (!run) throw AppError.notFound("No re-analysis has run for this account");
  return presentRun(run);
}
