import type { TResponse, TResponseCreate, TResponseList, TResponseListQuery } from "@starboard/contract/reviews";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { halPage } from "../../platform/hal.ts";
import { findReachableReview, recordHistory, reviewPolicy } from "../reviews/index.ts";
import { responsePolicy } from "./policy.ts";
import { presentResponse } from "./presenter.ts";
import { findResponse, LIVE_RESPONSE_STATUSES, selectAccountResponses, selectLiveResponses } from "./queries.ts";

export const PUBLISH_JOB = "responses.publish";
export const DELETE_JOB = "responses.delete";

/** GET /api/responses?review_id=: the review's response (a list of at most one; empty once deleted). */
export async function listResponses(
  ctx: AppContext,
  actor: Actor,
  query: TResponseListQuery,
  url: string,
): Promise<TResponseList> {
  const paging = { url, page: query.page, perPage: query.per_page };
  if (query.review_id === undefined) {
    // The account's responses (ReviewTrackers' GET /responses), read as part of their reviews.
    const accountId = accountIdFor(actor, query.account_id);
    authorize(actor, "read", reviewPolicy, { account_id: accountId });
    const sortBy = query["sort[by]"] === "updated_at" ? "updated_at" : "created_at";
    const order = query["sort[order]"]?.toLowerCase() === "asc" ? "asc" : "desc";
    const { total, rows } = await selectAccountResponses(ctx.database.db, accountId, {
      sortBy,
      order,
      limit: paging.perPage,
      offset: (paging.page - 1) * paging.perPage,
    });
    return halPage("responses", rows.map(presentResponse), total, paging);
  }
  const review = await findReachableReview(ctx, actor, query.review_id, "read");
  const rows = await selectLiveResponses(ctx.database.db, review.id);
  const start = (paging.page - 1) * paging.perPage;
  return halPage("responses", rows.slice(start, start + paging.perPage).map(presentResponse), rows.length, paging);
}

/** The response (not gone) in a reachable account, or 404. */
async function findReachableResponse(ctx: AppContext, actor: Actor, id: string) {
  if (!isUuid(id)) throw AppError.notFound();
  const row = await findResponse(scoped(ctx.database.db, actor), id);
  if (!row) throw AppError.notFound();
  return row;
}

/** GET /api/responses/{id}: read as part of its review. */
export async function getResponse(ctx: AppContext, actor: Actor, id: string): Promise<TResponse> {
  const row = await findReachableResponse(ctx, actor, id);
  authorize(actor, "read", reviewPolicy, row);
  return presentResponse(row);
}

/**
 * POST /api/responses: checks the source takes responses and the content fits its limit, stores the
 * response `pending` and queues its publishing (docs/product/reviews.md §4).
 */
export async function createResponse(ctx: AppContext, actor: Actor, input: TResponseCreate): Promise<TResponse> {
  const db = ctx.database.db;
  const review = await findReachableReview(ctx, actor, input.review_id, "respond");
  if (!review.source_supports_responses) {
    throw AppError.invalid("review_id", `${review.source_name} does not take responses through Starboard.`);
  }
  const issue = await db
    .selectFrom("issues as i")
    .innerJoin("sources as s", "s.id", "i.source_id")
    .select(["s.connection_issue_message"])
    .where("i.location_id", "=", review.location_id)
    .where("i.source_id", "=", review.source_id)
    .where("i.resolved_at", "is", null)
    .executeTakeFirst();
  if (issue) {
    throw AppError.invalid("review_id", issue.connection_issue_message ?? "An issue is preventing in-app responding.");
  }
  const content = input.content.trim();
  const length = Array.from(content).length;
  const limit = review.source_response_char_limit;
  if (limit !== null && length > limit) {
    throw AppError.invalid(
      "content",
      `Response is ${length - limit} characters too many for ${review.source_name} (limit ${limit}).`,
    );
  }
  const created = await db.transaction().execute(async (trx) => {
    // The review row's lock makes "one response per review" hold under concurrent posts.
    await trx.selectFrom("reviews").select("id").where("id", "=", review.id).forUpdate().execute();
    const live = await trx
      .selectFrom("responses")
      .select("id")
      .where("review_id", "=", review.id)
      .where("deleted_at", "is", null)
      .where("status", "in", [...LIVE_RESPONSE_STATUSES])
      .executeTakeFirst();
    if (live) throw AppError.conflict("This review already has a response.", "review_id");
    const row = await trx
      .insertInto("responses")
      .values({
        account_id: review.account_id,
        review_id: review.id,
        source_id: review.source_id,
        user_id: actor.user.id,
        content,
        status: "pending",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("reviews")
      .set({ response_status: "pending", updated_at: new Date() })
      .where("id", "=", review.id)
      .execute();
    await recordHistory(trx, {
      accountId: review.account_id,
      reviewId: review.id,
      userId: actor.user.id,
      action: "response_submitted",
      details: { response_id: row.id },
    });
    // The publish job exists exactly when the response does (enqueued in this transaction).
    await ctx.jobs.send(PUBLISH_JOB, { response_id: row.id }, { singletonKey: `${PUBLISH_JOB}:${row.id}`, trx });
    return row;
  });
  return presentResponse({ ...created, user_name: actor.user.name, location_id: review.location_id });
}

/** DELETE /api/responses/{id}: marks the response `pending_delete` and queues its removal at the source. */
export async function deleteResponse(ctx: AppContext, actor: Actor, id: string): Promise<TResponse> {
  const db = ctx.database.db;
  const row = await findReachableResponse(ctx, actor, id);
  authorize(actor, "delete", responsePolicy, row);
  let current = row;
  if (row.status !== "pending_delete" && row.status !== "error_unpublished") {
    const updated = await db.transaction().execute(async (trx) => {
      const next = await trx
        .updateTable("responses")
        .set({ status: "pending_delete", status_description: null, updated_at: new Date() })
        .where("id", "=", row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("reviews")
        .set({ response_status: "pending_delete", updated_at: new Date() })
        .where("id", "=", row.review_id)
        .execute();
      await recordHistory(trx, {
        accountId: row.account_id,
        reviewId: row.review_id,
        userId: actor.user.id,
        action: "response_delete_requested",
        details: { response_id: row.id },
      });
      await ctx.jobs.send(DELETE_JOB, { response_id: row.id }, { singletonKey: `${DELETE_JOB}:${row.id}`, trx });
      return next;
    });
    current = { ...updated, user_name: row.user_name, location_id: row.location_id };
  } else {
    // Already pending (a repeated DELETE): ask again; nothing changes in the database.
    await ctx.jobs.send(DELETE_JOB, { response_id: row.id }, { singletonKey: `${DELETE_JOB}:${row.id}` });
  }
  return presentResponse(current);
}

/**
 * POST /api/responses/{id}/retry ("Retry now"): a response whose publish (delete) failed, for good or
 * while waiting for its next retry, is tried again at once by its job. 400 for any other state.
 */
export async function retryResponse(ctx: AppContext, actor: Actor, id: string): Promise<TResponse> {
  const row = await findReachableResponse(ctx, actor, id);
  authorize(actor, "respond", reviewPolicy, row);
  const job = row.status === "error_published" ? PUBLISH_JOB : row.status === "error_unpublished" ? DELETE_JOB : null;
  if (!job) throw AppError.invalid("status", "Only a response that failed to publish or delete can be retried");
  // A key of its own: the failed job may still be waiting for its backoff under the usual key.
  await ctx.jobs.send(job, { response_id: row.id }, { singletonKey: `${job}:${row.id}:now:${Date.now()}` });
  return presentResponse(row);
}

/**
 * The message shown on a response the source refused for good (a `ConnectorError` that is not
 * retryable: bad request, no access, not found), in the user's words. Unlike the spec's "We'll try
 * again" messages (RESPONSE_PUBLISH_ERROR / RESPONSE_DELETE_ERROR), it says no retry will happen and
 * what the user can do.
 */
export function refusedMessage(operation: "publish" | "delete", sourceName: string, kind: string): string {
  if (operation === "publish") {
    if (kind === "auth") {
      return `${sourceName} refused access, so the response was not published and will not be retried. Reconnect ${sourceName}, then delete this response and write it again.`;
    }
    if (kind === "not_found") {
      return `${sourceName} could not find this review, so the response was not published and will not be retried.`;
    }
    return `${sourceName} refused this response, so it was not published and will not be retried. Delete it and write it again.`;
  }
  if (kind === "auth") {
    return `${sourceName} refused access, so the response was not deleted there and will not be retried. Reconnect ${sourceName}, then delete it again.`;
  }
  if (kind === "not_found") {
    return `${sourceName} could not find this review, so the response was not deleted there and will not be retried.`;
  }
  return `${sourceName} refused to delete this response, so it is still there and will not be retried. Delete it again later, or at ${sourceName}.`;
}
