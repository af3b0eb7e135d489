import type { TAction } from "@starboard/contract/permissions";
import type {
  TReview,
  TReviewCursorList,
  TReviewCursorQuery,
  TReviewHistoryList,
  TReviewList,
  TReviewListQuery,
  TReviewUpdate,
} from "@starboard/contract/reviews";
import { authorize, isUuid } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { cursorPage, halPage, offsetOf, withoutNonce } from "../../platform/hal.ts";
import { NotifiedCache } from "../../platform/notified-cache.ts";
import { shareAnswer } from "../../platform/serializer.ts";
import { decodeCursor } from "./cursor.ts";
import { reviewFilter, reviewFilterFrom } from "./filter.ts";
import { presentHistory, recordHistory } from "./history.ts";
import { reviewPolicy } from "./policy.ts";
import { presentReviews } from "./presenter.ts";
import {
  countHistory,
  cursorValuesValid,
  findReview,
  type PageSpec,
  SORT_KEYS,
  selectHistoryPage,
  selectReviewList,
  selectReviewPage,
} from "./queries.ts";

/**
 * GET /api/reviews. Cursor paging (`before` / `after`) by default; `page` without a cursor pages by offset.
 * Queries: the account's time zone (child accounts only), then the count (from the daily roll-ups when
 * only their dimensions are filtered) and the page, at once; the page statement carries each review's tags,
 * images and current response: constant, whatever the page size.
 */
export async function listReviews(
  ctx: AppContext,
  actor: Actor,
  query: TReviewListQuery,
  url: string,
): Promise<Readonly<TReviewList>> {
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
  // A page number asks for that page by offset; a cursor (which wins over it) or neither reads by keyset.
  const page = cursor ? undefined : query.page;
  // The answer depends on nothing but the resolved filter (account, time zone, "me"), the request's query
  // (sort, page or cursor, per_page; its links) and the rows migrations 0031, 0032 and 0034 watch.
  const key = JSON.stringify([filter, withoutNonce(url)]);
  return reviewLists(ctx).get(key, async () => {
    const { counts, rows: fetched } = await selectReviewList(ctx.database.db, filter, {
      sort,
      order,
      limit: page === undefined ? perPage + 1 : perPage,
      ...(page === undefined ? {} : { offset: offsetOf({ page, perPage }) }),
      ...(cursor ? { cursor } : {}),
    });
    return shareAnswer(pageOfReviews(fetched, counts, { sort, perPage, page, direction, url }));
  });
}

/** How long a review list is answered again without asking the database (at most; a change ends it at once). */
export const REVIEW_LIST_CACHE_MS = 5_000;
/**
 * Lists kept at once, per process. An answer is 50 KB of JSON for 25 reviews (up to 200 KB at per_page 100),
 * kept as objects and as text: a few hundred KB each at most, so the cache stays within tens of MB.
 */
export const REVIEW_LIST_CACHE_ENTRIES = 200;

/**
 * The review lists answered in the last REVIEW_LIST_CACHE_MS, by resolved filter and query: the first page
 * that every user of an account opens, or a client that asks again, costs one statement. Any change to what a
 * list shows sends NOTIFY at its commit (sb_metrics: reviews, responses, sources, groups, the roll-ups of its
 * counts; sb_reviews: tags, images, status labels, sandbox connections, a location's name or address;
 * sb_actor: a user's name) and empties it in every process (decision 005).
 */
function reviewLists(ctx: AppContext) {
  return NotifiedCache.of<Readonly<TReviewList>>(ctx.database, "reviews.list", {
    channels: ["sb_metrics", "sb_reviews", "sb_actor"],
    ttlMs: REVIEW_LIST_CACHE_MS,
    maxEntries: REVIEW_LIST_CACHE_ENTRIES,
  });
}

/** The HAL page of the rows read: page `page` by offset, or (no page) by cursor, one row more read than a page. */
function pageOfReviews(
  fetched: Parameters<typeof presentReviews>[0],
  counts: { total: number; ahead: number },
  opts: {
    sort: string;
    perPage: number;
    page: number | undefined;
    direction: "before" | "after" | undefined;
    url: string;
  },
): TReviewList {
  const { sort, perPage, direction, url } = opts;
  // Cursor mode reads one row more than a page in the direction of travel, to know whether more follow.
  const more = opts.page === undefined && fetched.length > perPage;
  const rows = more ? (direction === "before" ? fetched.slice(1) : fetched.slice(0, perPage)) : fetched;
  const reviews = presentReviews(rows, sort);
  const cursors = { before: reviews[0]?.cursor ?? null, after: reviews.at(-1)?.cursor ?? null };
  if (opts.page !== undefined) {
    return { ...halPage("reviews", reviews, counts.total, { url, page: opts.page, perPage }), cursors };
  }
  // Before a `before` cursor, the rows read are the last of what lies ahead of it.
  const ahead = direction === "before" ? Math.max(0, counts.ahead - rows.length) : counts.ahead;
  const hasNext = direction === "before" ? reviews.length > 0 : more;
  const hasPrev = direction === "after" ? true : direction === "before" ? more : false;
  const page = cursorPage("reviews", reviews, counts.total, {
    url,
    perPage,
    ahead,
    next: hasNext && cursors.after ? cursors.after : undefined,
    prev: hasPrev ? cursors.before : undefined,
  });
  return { ...page, cursors } satisfies TReviewList;
}

/**
 * GET /api/v2/reviews, ReviewTrackers' cursor API: the same list by cursor only, answered as
 * `{data, paging: {cursors: {before, after}}}`; `after` is null when no review follows, `before` when none
 * comes before (so a client walks every review by passing `after` back until it is null).
 */
export async function listReviewsByCursor(
  ctx: AppContext,
  actor: Actor,
  query: TReviewCursorQuery,
  url: string,
): Promise<TReviewCursorList> {
  const page = await listReviews(ctx, actor, query, url);
  return {
    data: page._embedded.reviews,
    paging: {
      cursors: {
        before: page._links.prev ? page.cursors.before : null,
        after: page._links.next ? page.cursors.after : null,
      },
    },
  };
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
  const [item] = presentReviews(rows, "published_at");
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
