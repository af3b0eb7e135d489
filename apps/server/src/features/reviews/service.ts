import type { TAction } from "@starboard/contract/permissions";
import {
  type TReview,
  type TReviewCursorList,
  type TReviewCursorQuery,
  type TReviewHistoryList,
  type TReviewList,
  type TReviewListQuery,
  type TReviewUpdate,
  ZReviewListSchema,
  ZReviewSchema,
} from "@starboard/contract/reviews";
import { authorize, isUuid } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { cursorPage, halPage, offsetOf, withoutNonce } from "../../platform/hal.ts";
import { NotifiedCache } from "../../platform/notified-cache.ts";
import {
  type Prewritten,
  prewrittenPage,
  shareAnswer,
  type WrittenPart,
  writePart,
} from "../../platform/serializer.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { type ReviewFilter, reviewFilter, reviewFilterFrom } from "./filter.ts";
import { presentHistory, recordHistory } from "./history.ts";
import { reviewPolicy } from "./policy.ts";
import { presentReviews } from "./presenter.ts";
import {
  countHistory,
  countReviewList,
  countsWholeDaysOnly,
  cursorValuesValid,
  findReview,
  type PageSpec,
  SORT_KEYS,
  selectAccountDays,
  selectHistoryPage,
  selectReviewPage,
  selectReviewPageKeys,
} from "./queries.ts";

/**
 * GET /api/reviews. Cursor paging (`before` / `after`) by default; `page` without a cursor pages by offset.
 * Queries: the account's time zone (child accounts only), then the count (from the daily roll-ups when
 * only their dimensions are filtered, or from the account's reviews per day this process keeps: `countOfList`)
 * and the page, at once; the page statement carries each review's tags, images and current response: constant,
 * whatever the page size. While the process holds reviews it answered lately, the page's ids come first, and the
 * reviews from what it holds (`pageReviews`). The answer is written already (`pageOfReviews`).
 */
export async function listReviews(
  ctx: AppContext,
  actor: Actor,
  query: TReviewListQuery,
  url: string,
): Promise<Prewritten<TReviewList>> {
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
    const spec: PageSpec = {
      sort,
      order,
      limit: page === undefined ? perPage + 1 : perPage,
      ...(page === undefined ? {} : { offset: offsetOf({ page, perPage }) }),
      ...(cursor ? { cursor } : {}),
    };
    const [counts, fetched] = await Promise.all([countOfList(ctx, filter, spec), pageReviews(ctx, filter, spec)]);
    return pageOfReviews(fetched, counts, { perPage, page, direction, url });
  });
}

/**
 * The list's count (and, with a cursor, what comes ahead of it). The account's reviews of a range of whole days,
 * filtered by nothing else (the list as the client first asks for it, and any range of it), are summed from the
 * account's reviews per day, which this process keeps (`accountDays`); any other list is counted by the database.
 */
async function countOfList(ctx: AppContext, filter: ReviewFilter, spec: PageSpec) {
  if (!countsWholeDaysOnly(filter, spec)) return countReviewList(ctx.database.db, filter, spec);
  const { accountId, timeZone } = filter;
  const cache = accountDays(ctx);
  const key = `${accountId} ${timeZone}`;
  const [days] = (await cache.getAll([key])) ?? [];
  if (days) {
    const from = filter.publishedAfter && "day" in filter.publishedAfter ? filter.publishedAfter.day : undefined;
    const to = filter.publishedBefore && "day" in filter.publishedBefore ? filter.publishedBefore.day : undefined;
    return { total: days.between(from, to), ahead: 0 };
  }
  // Not held: the database counts this call. Reading every day of the account costs more than one count (at
  // 1,000,000 reviews, tens of thousands of roll-up rows), so it is read, beside the calls, only once the account's
  // lists have been counted ACCOUNT_DAYS_AFTER_COUNTS times since the last change: a list asked once after each
  // change never pays for it.
  const mark = cache.mark();
  const seen = countedSinceChange.get(key);
  const counted = seen?.mark === mark ? seen.counted + 1 : 1;
  if (countedSinceChange.size >= ACCOUNT_DAYS_CACHE_ENTRIES) countedSinceChange.clear();
  countedSinceChange.set(key, { mark, counted });
  if (counted === ACCOUNT_DAYS_AFTER_COUNTS) {
    cache
      .get(key, async () => DayCounts.of(await selectAccountDays(ctx.database.db, accountId, timeZone)))
      .catch((err: unknown) => ctx.log.warn({ err, accountId }, "could not read the account's reviews per day"));
  }
  return countReviewList(ctx.database.db, filter, spec);
}

/** How many first pages of an account's reviews are counted by the database, after a change, before its days are read. */
export const ACCOUNT_DAYS_AFTER_COUNTS = 3;
/** By account and time zone: first pages counted since the last change (`mark`). */
const countedSinceChange = new Map<string, { mark: number; counted: number }>();

/** Reviews per day, summed over any range of days by two binary searches. */
class DayCounts {
  private constructor(
    private readonly days: readonly string[],
    /** `upTo[i]`: the reviews of the days before `days[i]`. */
    private readonly upTo: readonly number[],
  ) {}

  static of(rows: readonly { day: string; reviews: number }[]): DayCounts {
    const upTo = [0];
    for (const row of rows) upTo.push(upTo.at(-1)! + row.reviews);
    return new DayCounts(
      rows.map((r) => r.day),
      upTo,
    );
  }

  /** The reviews from day `from` to day `to`, both included (`YYYY-MM-DD`; open at an end left undefined). */
  between(from: string | undefined, to: string | undefined): number {
    const start = from === undefined ? 0 : this.firstAtOrAfter(from);
    const end = to === undefined ? this.days.length : this.firstAfter(to);
    return end > start ? this.upTo[end]! - this.upTo[start]! : 0;
  }

  private firstAtOrAfter(day: string) {
    let lo = 0;
    let hi = this.days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.days[mid]! < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private firstAfter(day: string) {
    let lo = 0;
    let hi = this.days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.days[mid]! <= day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Accounts whose reviews per day are kept at once, per process (a day is a few bytes; ten years is 3,650). */
export const ACCOUNT_DAYS_CACHE_ENTRIES = 1_000;

/**
 * The account's reviews per day (`selectAccountDays`), by account and time zone: read again after any change to
 * reviews or the daily roll-ups (sb_metrics), and at least every REVIEW_BODY_CACHE_MS.
 */
function accountDays(ctx: AppContext) {
  return NotifiedCache.of<DayCounts>(ctx.database, "reviews.account-days", {
    channels: ["sb_metrics"],
    ttlMs: REVIEW_BODY_CACHE_MS,
    maxEntries: ACCOUNT_DAYS_CACHE_ENTRIES,
  });
}

/** A review resource as lists answer it, and its JSON, written once by its schema. */
interface KeptReview {
  readonly review: Readonly<TReview>;
  readonly part: WrittenPart;
}

/**
 * The page's reviews as resources, in the order read. While this process holds reviews it has lately answered
 * (`reviewBodies`), it reads the page's ids and sort keys alone, and answers from what it holds if it holds all of
 * them; otherwise it reads the page with everything it shows, and keeps each review.
 */
async function pageReviews(ctx: AppContext, filter: ReviewFilter, spec: PageSpec): Promise<readonly KeptReview[]> {
  const bodies = reviewBodies(ctx);
  const db = ctx.database.db;
  if (bodies.size > 0) {
    const keys = await selectReviewPageKeys(db, filter, spec);
    const held = await bodies.getAll(
      keys.map((k) => bodyKey(k.id, encodeCursor({ sort: spec.sort, values: k.cursor_values }))),
    );
    if (held) return held;
  }
  const mark = bodies.mark();
  const reviews = presentReviews(await selectReviewPage(db, filter, spec), spec.sort).map(
    (r): KeptReview => Object.freeze({ review: shareAnswer(r), part: writePart(ZReviewSchema, r) }),
  );
  bodies.keep(
    reviews.map((r) => [bodyKey(r.review.id, r.review.cursor ?? ""), r] as const),
    mark,
  );
  return reviews;
}

/** A review resource is the same in every list of the same sort: its cursor (its sort keys) tells them apart. */
const bodyKey = (id: string, cursor: string) => `${id} ${cursor}`;

/** How long a review resource is answered again without reading it (at most; a change ends it at once). */
export const REVIEW_BODY_CACHE_MS = 60_000;
/** Review resources kept at once, per process: about 2 KB of JSON each and its objects, so a few tens of MB at most. */
export const REVIEW_BODY_CACHE_ENTRIES = 10_000;

/**
 * The review resources of the lists answered lately, by review and sort keys: lists of ranges, filters and
 * pages that overlap (the same reviews seen from one day's window to the next) read only the page's ids.
 * What a review resource shows is what a list shows, so the same notifications as `reviewLists` empty it.
 */
function reviewBodies(ctx: AppContext) {
  return NotifiedCache.of<KeptReview>(ctx.database, "reviews.bodies", {
    channels: ["sb_metrics", "sb_reviews", "sb_actor"],
    ttlMs: REVIEW_BODY_CACHE_MS,
    maxEntries: REVIEW_BODY_CACHE_ENTRIES,
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
  return NotifiedCache.of<Prewritten<TReviewList>>(ctx.database, "reviews.list", {
    channels: ["sb_metrics", "sb_reviews", "sb_actor"],
    ttlMs: REVIEW_LIST_CACHE_MS,
    maxEntries: REVIEW_LIST_CACHE_ENTRIES,
  });
}

/**
 * The HAL page of the reviews read: page `page` by offset, or (no page) by cursor, one review more read than a
 * page; written already, each review's JSON as it was written once (`prewrittenPage`).
 */
function pageOfReviews(
  fetched: readonly KeptReview[],
  counts: { total: number; ahead: number },
  opts: {
    perPage: number;
    page: number | undefined;
    direction: "before" | "after" | undefined;
    url: string;
  },
): Prewritten<TReviewList> {
  const { perPage, direction, url } = opts;
  // Cursor mode reads one row more than a page in the direction of travel, to know whether more follow.
  const more = opts.page === undefined && fetched.length > perPage;
  const kept = more ? (direction === "before" ? fetched.slice(1) : fetched.slice(0, perPage)) : fetched;
  const reviews = kept.map((k) => k.review);
  const cursors = { before: reviews[0]?.cursor ?? null, after: reviews.at(-1)?.cursor ?? null };
  const written = (page: TReviewList) =>
    prewrittenPage(
      ZReviewListSchema,
      page,
      "reviews",
      kept.map((k) => k.part),
    );
  if (opts.page !== undefined) {
    return written({ ...halPage("reviews", reviews, counts.total, { url, page: opts.page, perPage }), cursors });
  }
  // Before a `before` cursor, the rows read are the last of what lies ahead of it.
  const ahead = direction === "before" ? Math.max(0, counts.ahead - reviews.length) : counts.ahead;
  const hasNext = direction === "before" ? reviews.length > 0 : more;
  const hasPrev = direction === "after" ? true : direction === "before" ? more : false;
  const page = cursorPage("reviews", reviews, counts.total, {
    url,
    perPage,
    ahead,
    next: hasNext && cursors.after ? cursors.after : undefined,
    prev: hasPrev ? cursors.before : undefined,
  });
  return written({ ...page, cursors });
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
  const page = (await listReviews(ctx, actor, query, url)).value;
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
