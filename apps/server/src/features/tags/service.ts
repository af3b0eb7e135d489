import type { TListQuery } from "@starboard/contract/hal";
import {
  TAG_NAME_TAKEN,
  type TReviewTag,
  type TReviewTagCreate,
  type TReviewTagList,
  type TReviewTagListQuery,
  type TTag,
  type TTagCreate,
  type TTagList,
  type TTagWrite,
} from "@starboard/contract/reviews";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage } from "../../platform/list.ts";
import { findReachableReview, recordHistory } from "../reviews/index.ts";
import { reviewTagPolicy, tagPolicy } from "./policy.ts";
import { presentReviewTag, presentTag } from "./presenter.ts";
import {
  countReviewTags,
  countTagReviews,
  countTags,
  deleteReviewTag as deleteReviewTagRow,
  deleteTag as deleteTagRow,
  findReviewTagByName,
  findTagByName,
  insertReviewTag,
  insertTag,
  mergeTagInto,
  type ReviewTagRow,
  renameTag,
  reviewHasTag,
  selectReviewTags,
  selectTags,
} from "./queries.ts";

// ---- Account tags ----

/** GET /api/tags: the account's tags (the signed-in account, or `account_id`). */
export async function listTags(ctx: AppContext, actor: Actor, query: TListQuery, url: string): Promise<TTagList> {
  const accountId = accountIdFor(actor, query.account_id);
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "tags",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countTags(db, accountId, query),
    rows: (limit, offset) => selectTags(db, accountId, query, limit, offset),
    present: (rows) => rows.map(presentTag),
  });
}

async function findTag(ctx: AppContext, actor: Actor, id: string, action: "read" | "update" | "delete") {
  const tag = await scoped(ctx.database.db, actor).find("tags", id);
  authorize(actor, action, tagPolicy, tag);
  return tag;
}

export async function getTag(ctx: AppContext, actor: Actor, id: string): Promise<TTag> {
  const tag = await findTag(ctx, actor, id, "read");
  return presentTag({ ...tag, review_count: await countTagReviews(ctx.database.db, tag.id) });
}

/**
 * POST /api/tags/{id}/merge: the reviews tagged with this tag carry `into_id` instead (near-duplicates
 * such as "Follow up" and "follow-up"), and this tag is deleted. 400 on `into_id` for a tag that is not
 * another of the same account's.
 */
export async function mergeTag(ctx: AppContext, actor: Actor, id: string, intoId: string | undefined): Promise<TTag> {
  const tag = await findTag(ctx, actor, id, "delete");
  const into =
    intoId && isUuid(intoId) && intoId !== tag.id
      ? await scoped(ctx.database.db, actor)
          .find("tags", intoId)
          .catch(() => null)
      : null;
  if (!into || into.account_id !== tag.account_id)
    throw AppError.invalid("into_id", "Choose another tag of this account");
  authorize(actor, "update", tagPolicy, into);
  await ctx.database.db.transaction().execute((trx) => mergeTagInto(trx, tag, into));
  return presentTag({ ...into, review_count: await countTagReviews(ctx.database.db, into.id) });
}

/** 409 on `name` when the account has a tag of this name (whatever the case) other than `exceptId`. */
async function assertNameFree(ctx: AppContext, accountId: string, name: string, exceptId?: string) {
  const clash = await findTagByName(ctx.database.db, accountId, name);
  if (clash && clash.id !== exceptId) throw AppError.conflict(TAG_NAME_TAKEN, "name");
}

/** POST /api/tags. */
export async function createTag(ctx: AppContext, actor: Actor, input: TTagCreate): Promise<TTag> {
  const accountId = accountIdFor(actor, input.account_id);
  await assertNameFree(ctx, accountId, input.name);
  return presentTag(await insertTag(ctx.database.db, accountId, input.name));
}

/** PATCH and PUT /api/tags/{id}: renames the tag, and the tags on reviews with it. */
export async function updateTag(ctx: AppContext, actor: Actor, id: string, input: Partial<TTagWrite>): Promise<TTag> {
  const tag = await findTag(ctx, actor, id, "update");
  const name = input.name;
  if (name === undefined) return presentTag(tag);
  await assertNameFree(ctx, tag.account_id, name, tag.id);
  const row = await ctx.database.db.transaction().execute((trx) => renameTag(trx, tag.id, name));
  return presentTag(row);
}

/** DELETE /api/tags/{id}: the tags on reviews with it go too. */
export async function deleteTag(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const tag = await findTag(ctx, actor, id, "delete");
  await deleteTagRow(ctx.database.db, tag.id);
  return null;
}

// ---- Tags on reviews ----

/** GET /api/review_tags: the account's review tags, narrowed by `review_id` and `tag_id`. */
export async function listReviewTags(
  ctx: AppContext,
  actor: Actor,
  query: TReviewTagListQuery,
  url: string,
): Promise<TReviewTagList> {
  const accountId = accountIdFor(actor, query.account_id);
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "review_tags",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countReviewTags(db, accountId, query),
    rows: (limit, offset) => selectReviewTags(db, accountId, query, limit, offset),
    present: (rows) => rows.map(presentReviewTag),
  });
}

async function findReviewTag(ctx: AppContext, actor: Actor, id: string, action: "read" | "delete") {
  const row = await scoped(ctx.database.db, actor).find("review_tags", id);
  authorize(actor, action, reviewTagPolicy, row);
  return row;
}

export async function getReviewTag(ctx: AppContext, actor: Actor, id: string): Promise<TReviewTag> {
  return presentReviewTag(await findReviewTag(ctx, actor, id, "read"));
}

/**
 * POST /api/review_tags: tags the review with the account's tag of that name (whatever the case), creating
 * the tag when there is none yet, which needs the `tag` create permission. 409 when the review has it already.
 */
export async function createReviewTag(ctx: AppContext, actor: Actor, input: TReviewTagCreate): Promise<TReviewTag> {
  accountIdFor(actor, input.account_id); // another account's id answers 404
  const review = await findReachableReview(ctx, actor, input.review_id, "read");
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    let tag = await findTagByName(trx, review.account_id, input.name);
    if (!tag) {
      authorize(actor, "create", "tag");
      tag = await insertTag(trx, review.account_id, input.name);
    }
    if (await reviewHasTag(trx, review.id, tag.id)) {
      throw AppError.conflict("This review already has that tag", "name");
    }
    const created = await insertReviewTag(trx, {
      account_id: review.account_id,
      review_id: review.id,
      tag_id: tag.id,
      name: tag.name,
      created_by_user_id: actor.user.id,
    });
    await recordHistory(trx, {
      accountId: created.account_id,
      reviewId: created.review_id,
      userId: actor.user.id,
      action: "tag_added",
      details: { tag_id: created.tag_id, name: created.name },
    });
    return created;
  });
  return presentReviewTag(row);
}

/** Removes the tag from its review and records it in the review's history, at once. */
async function removeReviewTag(ctx: AppContext, actor: Actor, row: ReviewTagRow) {
  await ctx.database.db.transaction().execute(async (trx) => {
    await deleteReviewTagRow(trx, row.id);
    await recordHistory(trx, {
      accountId: row.account_id,
      reviewId: row.review_id,
      userId: actor.user.id,
      action: "tag_removed",
      details: { tag_id: row.tag_id, name: row.name },
    });
  });
}

/** DELETE /api/review_tags/{id}. */
export async function deleteReviewTag(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  await removeReviewTag(ctx, actor, await findReviewTag(ctx, actor, id, "delete"));
  return null;
}

/** DELETE /api/review_tags?account_id&review_id&name (docs/product/platform.md §7): removes a tag from a review by name. */
export async function deleteReviewTagByName(
  ctx: AppContext,
  actor: Actor,
  query: { account_id?: string | undefined; review_id: string; name: string },
): Promise<null> {
  const review = await findReachableReview(ctx, actor, query.review_id, "read");
  if (query.account_id !== undefined && review.account_id !== accountIdFor(actor, query.account_id)) {
    throw AppError.notFound();
  }
  const row = await findReviewTagByName(scoped(ctx.database.db, actor), review.id, query.name);
  if (!row) throw AppError.notFound();
  authorize(actor, "delete", reviewTagPolicy, row);
  await removeReviewTag(ctx, actor, row);
  return null;
}
