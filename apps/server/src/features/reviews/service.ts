import type { TAction } from "@starboard/contract/permissions";
import {
  filterValues,
  REVIEW_CATEGORIES,
  type TReview,
  type TReviewHistoryList,
  type TReviewList,
  type TReviewListQuery,
  type TReviewType,
  type TReviewUpdate,
} from "@starboard/contract/reviews";
import { accountIdFor, authorize, isUuid } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { halPage, offsetOf } from "../../platform/hal.ts";
import { decodeCursor } from "./cursor.ts";
import { presentHistory, recordHistory } from "./history.ts";
import { reviewPolicy } from "./policy.ts";
import { presentReviews } from "./presenter.ts";
import {
  countHistory,
  cursorValuesValid,
  findReview,
  type PageSpec,
  type ReviewFilter,
  type ReviewListRow,
  reviewFilter,
  SORT_KEYS,
  selectCurrentResponsesFor,
  selectHistoryPage,
  selectImagesFor,
  selectReviewList,
  selectReviewPage,
  selectTagsFor,
} from "./queries.ts";

const CATEGORIES = new Set<string>(REVIEW_CATEGORIES);

function ids(query: Record<string, unknown>, key: string): string[] {
  const values = filterValues<string>(query, key);
  for (const v of values) if (!isUuid(v)) throw AppError.invalid(key, "Invalid id");
  return values;
}

async function timeZoneOf(ctx: AppContext, actor: Actor, accountId: string) {
  if (accountId === actor.account.id) return actor.account.time_zone;
  const row = await ctx.database.db
    .selectFrom("accounts")
    .select("time_zone")
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
  return row.time_zone;
}

/** The query's filters, checked: 400 with the field for a value that cannot be one. */
export async function reviewFilterFrom(ctx: AppContext, actor: Actor, query: TReviewListQuery): Promise<ReviewFilter> {
  const q = query as Record<string, unknown>;
  const accountId = accountIdFor(actor, query.account_id);
  const statuses = filterValues<string>(q, "status");
  const statusLabelIds: string[] = [];
  for (const s of statuses) {
    if (s === "responded" || s === "not_responded") continue;
    if (!isUuid(s)) throw AppError.invalid("status", "Use a status label id, responded or not_responded");
    statusLabelIds.push(s);
  }
  const categories = filterValues<string>(q, "category").map((c) => c.toLowerCase());
  for (const c of categories) if (!CATEGORIES.has(c)) throw AppError.invalid("category", "Unknown category");
  const tags = filterValues<string>(q, "tag");
  const publishedAfter = query.published_after ?? query.from;
  const publishedBefore = query.published_before ?? query.to;
  if (publishedAfter && publishedBefore && publishedAfter > publishedBefore) {
    throw AppError.invalid("published_after", "published_after must not be after published_before");
  }
  return {
    accountId,
    timeZone: await timeZoneOf(ctx, actor, accountId),
    publishedAfter,
    publishedBefore,
    groupIds: ids(q, "group_id"),
    locationIds: ids(q, "location_id"),
    sourceIds: ids(q, "source_id"),
    ratings: filterValues<string>(q, "rating").map(Number),
    statusLabelIds,
    responded: statuses.includes("responded"),
    notResponded: statuses.includes("not_responded"),
    sentiments: filterValues<string>(q, "sentiment").map(Number),
    categories,
    types: filterValues<TReviewType>(q, "type"),
    tagIds: tags.filter(isUuid),
    tagNames: tags.filter((t) => !isUuid(t)),
    keywords: query.keywords?.trim() || undefined,
  };
}

/** Loads what hangs off the rows (three queries, by review ids) and presents them. */
async function present(ctx: AppContext, rows: ReviewListRow[], sort: string): Promise<TReview[]> {
  if (rows.length === 0) return [];
  const reviewIds = rows.map((r) => r.id);
  const db = ctx.database.db;
  const [tags, images, responses] = await Promise.all([
    selectTagsFor(db, reviewIds),
    selectImagesFor(db, reviewIds),
    selectCurrentResponsesFor(db, reviewIds),
  ]);
  return presentReviews(rows, { tags, images, responses }, sort);
}

function linkTo(url: string, perPage: number, set: Record<string, string>) {
  const u = new URL(url, "http://x");
  for (const key of ["before", "after", "page", "nonce"]) u.searchParams.delete(key);
  u.searchParams.set("per_page", String(perPage));
  for (const [k, v] of Object.entries(set)) u.searchParams.set(k, v);
  return { href: `${u.pathname}${u.search}` };
}

/**
 * GET /api/reviews. Cursor paging (`before` / `after`) by default; `page` without a cursor pages by offset.
 * Queries: the account's time zone (child accounts only), then the count (from the daily roll-ups when
 * only their dimensions are filtered) with the page, then tags, images and responses by review ids, each
 * group at once: constant, whatever the page size.
 */
export async function listReviews(ctx: AppContext, actor: Actor, query: TReviewListQuery, url: string) {
  const filter = await reviewFilterFrom(ctx, actor, query);
  const sort = query["sort[by]"] ?? "published_at";
  const order = query["sort[order]"]?.toLowerCase() === "asc" ? "asc" : "desc";
  const perPage = query.per_page;
  const keyCount = SORT_KEYS[sort]!.length;
  if (query.before && query.after) throw AppError.invalid("before", "Send before or after, not both");
  const direction = query.before ? "before" : query.after ? "after" : undefined;
  let cursor: PageSpec["cursor"];
  if (direction) {
    const decoded = decodeCursor((query.before ?? query.after)!, sort, keyCount, direction);
    if (!cursorValuesValid(sort, decoded.values)) throw AppError.invalid(direction, "Invalid cursor for this sort.");
    cursor = { direction, values: decoded.values };
  }
  const pageMode = !cursor && query.page !== undefined;
  const db = ctx.database.db;
  const { counts, rows: fetched } = await selectReviewList(db, filter, {
    sort,
    order,
    limit: pageMode ? perPage : perPage + 1,
    ...(pageMode ? { offset: offsetOf({ page: query.page!, perPage }) } : {}),
    ...(cursor ? { cursor } : {}),
  });
  // Cursor mode reads one row more than a page in the direction of travel, to know whether more follow.
  const more = !pageMode && fetched.length > perPage;
  const rows = more ? (direction === "before" ? fetched.slice(1) : fetched.slice(0, perPage)) : fetched;
  const reviews = await present(ctx, rows, sort);
  const total = counts.total;
  const totalPages = Math.max(1, Math.ceil(total / perPage));

  if (pageMode) {
    const page = halPage("reviews", reviews, total, { url, page: query.page!, perPage });
    return withCursors(page, reviews) satisfies TReviewList;
  }
  const ahead = direction === "before" ? Math.max(0, counts.ahead - rows.length) : counts.ahead;
  const pageNumber = Math.min(totalPages, Math.floor(ahead / perPage) + 1);
  const first = reviews[0]?.cursor;
  const last = reviews.at(-1)?.cursor;
  const links: TReviewList["_links"] = {
    self: { href: stripNonce(url) },
    first: linkTo(url, perPage, {}),
    last: linkTo(url, perPage, { page: String(totalPages) }),
  };
  const hasNext = direction === "before" ? reviews.length > 0 : more;
  const hasPrev = direction === "after" ? true : direction === "before" ? more : false;
  if (hasNext && last) links.next = linkTo(url, perPage, { after: last });
  if (hasPrev) links.prev = first ? linkTo(url, perPage, { before: first }) : linkTo(url, perPage, {});
  return withCursors(
    {
      _embedded: { reviews },
      _links: links,
      _page: pageNumber,
      _total_pages: totalPages,
      _total: total,
      per_page: perPage,
      page_count: reviews.length,
    },
    reviews,
  ) satisfies TReviewList;
}

function stripNonce(url: string) {
  const u = new URL(url, "http://x");
  u.searchParams.delete("nonce");
  return `${u.pathname}${u.search}`;
}

function withCursors<T extends object>(page: T, reviews: TReview[]) {
  return { ...page, cursors: { before: reviews[0]?.cursor ?? null, after: reviews.at(-1)?.cursor ?? null } };
}

/** The review in a reachable account, or 404; and 403 unless the actor may do `action` to it. */
export async function findReachableReview(ctx: AppContext, actor: Actor, id: string, action: TAction = "read") {
  if (!isUuid(id)) throw AppError.notFound();
  const review = await findReview(ctx.database.db, id, actor.accountIds);
  if (!review) throw AppError.notFound();
  authorize(actor, action, reviewPolicy, review);
  return review;
}

/** GET /api/reviews/{id}: the same shape as a list item. */
export async function getReview(ctx: AppContext, actor: Actor, id: string): Promise<TReview> {
  const review = await findReachableReview(ctx, actor, id);
  const filter = reviewFilter(review.account_id, "UTC", { reviewId: review.id });
  const rows = await selectReviewPage(ctx.database.db, filter, { sort: "published_at", order: "desc", limit: 1 });
  const [item] = await present(ctx, rows, "published_at");
  if (!item) throw AppError.notFound();
  return item;
}

/** PATCH /api/reviews/{id}: sets (or clears) the status label, and records the change. */
export async function updateReview(ctx: AppContext, actor: Actor, id: string, input: TReviewUpdate) {
  const review = await findReachableReview(ctx, actor, id, "update");
  const db = ctx.database.db;
  const labelId = input.status_label_id;
  let to: { id: string; name: string } | null = null;
  if (labelId !== null) {
    const label = isUuid(labelId)
      ? await db
          .selectFrom("review_status_labels")
          .select(["id", "name"])
          .where("id", "=", labelId)
          .where("account_id", "=", review.account_id)
          .executeTakeFirst()
      : undefined;
    if (!label) throw AppError.invalid("status_label_id", "Unknown status label");
    to = label;
  }
  if (review.status_label_id !== (to?.id ?? null)) {
    const from = review.status_label_id
      ? ((await db
          .selectFrom("review_status_labels")
          .select(["id", "name"])
          .where("id", "=", review.status_label_id)
          .executeTakeFirst()) ?? null)
      : null;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("reviews")
        .set({ status_label_id: to?.id ?? null, updated_at: new Date() })
        .where("id", "=", review.id)
        .execute();
      await recordHistory(trx, {
        accountId: review.account_id,
        reviewId: review.id,
        userId: actor.user.id,
        action: "status_changed",
        details: { from, to },
      });
    });
  }
  return getReview(ctx, actor, review.id);
}

/** GET /api/reviews/{id}/history: newest first. */
export async function reviewHistory(
  ctx: AppContext,
  actor: Actor,
  id: string,
  paging: { page: number; perPage: number; url: string },
): Promise<TReviewHistoryList> {
  const review = await findReachableReview(ctx, actor, id);
  const db = ctx.database.db;
  const total = await countHistory(db, review.id);
  const rows = await selectHistoryPage(db, review.id, paging.perPage, offsetOf(paging));
  return halPage("history", rows.map(presentHistory), total, paging);
}
