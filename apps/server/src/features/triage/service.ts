import type { TAssigneeList, TBulkActionCreate } from "@starboard/contract/triage";
import {
  BULK_ACTION_KINDS,
  BULK_ACTION_MAX_REVIEWS,
  type TBulkAction,
  type TBulkActionKind,
} from "@starboard/contract/triage";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { accountIdFor, authorize, can, isUuid } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import type { MailMessage } from "../../platform/mail.ts";
import { findReachableReview, getReview, recordHistory, reviewFilterFrom } from "../reviews/index.ts";
import { assignmentPolicy } from "./policy.ts";
import {
  type BulkActionRow,
  findAssignee,
  findStatusLabel,
  insertBulkAction,
  lastBulkAction,
  reviewIdsAmong,
  reviewIdsMatching,
  selectAssignees,
  selectBulkActions,
  setBulkAction,
} from "./queries.ts";

export const BULK_ACTION_JOB = "reviews.bulk-action";
export const BULK_UNDO_JOB = "reviews.bulk-undo";
export const EMAIL_JOB = "email.send";

type Named = { id: string; name: string } | null;

// ---- Assignment ----

/** GET /api/review_assignees. */
export async function listAssignees(ctx: AppContext, actor: Actor, accountIdParam?: string): Promise<TAssigneeList> {
  const accountId = accountIdFor(actor, accountIdParam);
  return { assignees: await selectAssignees(ctx.database.db, accountId) };
}

/** The e-mail telling a user reviews were assigned to them (sent by the `email.send` job). */
export function assignmentMail(
  ctx: AppContext,
  key: string,
  to: { email: string; name: string },
  by: string,
  reviews: { id: string; location_name?: string | undefined }[],
): MailMessage {
  const base = ctx.config.publicUrl;
  const one = reviews.length === 1 ? reviews[0]! : null;
  const link = one ? `${base}/reviews/${one.id}` : `${base}/reviews?assigned_to=me`;
  const what = one ? `a review${one.location_name ? ` of ${one.location_name}` : ""}` : `${reviews.length} reviews`;
  const text = `Hello ${to.name},\n\n${by} assigned ${what} to you in Starboard.\n\nOpen: ${link}\n\nYou find every review assigned to you under "Assigned to me" on the review list.\n`;
  return {
    idempotencyKey: key,
    to: to.email,
    subject: one ? "A review was assigned to you" : `${reviews.length} reviews were assigned to you`,
    text,
    html: `<p>Hello ${escapeHtml(to.name)},</p><p>${escapeHtml(by)} assigned ${escapeHtml(what)} to you in Starboard.</p><p><a href="${escapeHtml(link)}">Open ${one ? "the review" : "them"}</a></p>`,
  };
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sets the assignee of one review in `trx`, with its history row; false when nothing changed. */
export async function applyAssignment(
  trx: Kysely<DB>,
  review: { id: string; account_id: string; assigned_user_id: string | null },
  to: Named,
  from: Named,
  userId: string | null,
  extra: Record<string, unknown> = {},
) {
  if ((review.assigned_user_id ?? null) === (to?.id ?? null)) return false;
  await trx
    .updateTable("reviews")
    .set({ assigned_user_id: to?.id ?? null, updated_at: new Date() })
    .where("id", "=", review.id)
    .execute();
  await recordHistory(trx, {
    accountId: review.account_id,
    reviewId: review.id,
    userId,
    action: "assigned",
    details: { from, to, ...extra },
  });
  return true;
}

/** The assignee a request names (400 on `user_id` for someone who is not an active user of the account). */
async function assigneeFor(ctx: AppContext, accountId: string, userId: string | null | undefined) {
  if (userId === null || userId === undefined) return null;
  const user = isUuid(userId) ? await findAssignee(ctx.database.db, accountId, userId) : undefined;
  if (!user) throw AppError.invalid("user_id", "Choose a user of this account");
  return user;
}

/** PUT /api/reviews/{id}/assignment: Managers and Admins; the assignee gets an e-mail (unless it is the caller). */
export async function assignReview(ctx: AppContext, actor: Actor, id: string, userId: string | null) {
  const review = await findReachableReview(ctx, actor, id, "update");
  authorize(actor, "update", assignmentPolicy, review);
  const to = await assigneeFor(ctx, review.account_id, userId);
  const from = review.assigned_user_id
    ? ((await ctx.database.db
        .selectFrom("users")
        .select(["id", "name"])
        .where("id", "=", review.assigned_user_id)
        .executeTakeFirst()) ?? null)
    : null;
  await ctx.database.db.transaction().execute(async (trx) => {
    const changed = await applyAssignment(trx, review, to ? { id: to.id, name: to.name } : null, from, actor.user.id);
    if (changed && to && to.id !== actor.user.id) {
      const mail = assignmentMail(ctx, `review-assigned:${review.id}:${to.id}:${Date.now()}`, to, actor.user.name, [
        { id: review.id, location_name: review.location_name },
      ]);
      await ctx.jobs.send(EMAIL_JOB, mail, { trx });
    }
  });
  return getReview(ctx, actor, review.id);
}

// ---- Bulk actions ----

const KIND_WORDS: Record<TBulkActionKind, (p: Record<string, unknown>) => string> = {
  set_status_label: (p) =>
    p.status_label_name ? `Set status to "${String(p.status_label_name)}"` : "Clear the status",
  add_tag: (p) => `Add tag "${String(p.tag)}"`,
  remove_tag: (p) => `Remove tag "${String(p.tag)}"`,
  assign: (p) => (p.user_name ? `Assign to ${String(p.user_name)}` : "Unassign"),
};

export function presentBulkAction(row: BulkActionRow, last: boolean): TBulkAction {
  const kind = row.kind as TBulkActionKind;
  const params = (row.params ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    account_id: row.account_id,
    kind,
    status: row.status as TBulkAction["status"],
    description: KIND_WORDS[kind]?.(params) ?? kind,
    total: row.total,
    done: row.done,
    error: row.error,
    undoable: last && row.status === "done" && !row.undone_at,
    user_id: row.user_id,
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    undone_at: row.undone_at ? new Date(row.undone_at).toISOString() : null,
  };
}

/** The change a request asks for, checked (400 with the field), as the row's params. */
async function paramsFor(ctx: AppContext, actor: Actor, accountId: string, body: TBulkActionCreate) {
  const kind = body.kind as TBulkActionKind;
  if (!BULK_ACTION_KINDS.includes(kind)) throw AppError.invalid("kind", `Use ${BULK_ACTION_KINDS.join(", ")}`);
  if (kind === "set_status_label") {
    authorize(actor, "update", "review");
    if (body.status_label_id === undefined) throw AppError.invalid("status_label_id", "Choose a status label");
    if (body.status_label_id === null) return { kind, params: { status_label_id: null, status_label_name: null } };
    const label = isUuid(body.status_label_id)
      ? await findStatusLabel(ctx.database.db, accountId, body.status_label_id)
      : undefined;
    if (!label) throw AppError.invalid("status_label_id", "Unknown status label");
    return { kind, params: { status_label_id: label.id, status_label_name: label.name } };
  }
  if (kind === "add_tag" || kind === "remove_tag") {
    authorize(actor, kind === "add_tag" ? "create" : "delete", "review_tag");
    const tag = body.tag?.trim() ?? "";
    if (!tag) throw AppError.invalid("tag", "Name is required");
    if (tag.length > 50) throw AppError.invalid("tag", "Tag names are at most 50 characters");
    return { kind, params: { tag } };
  }
  if (!can(actor, "update", "review_status_label")) throw AppError.forbidden();
  const user = await assigneeFor(ctx, accountId, body.user_id ?? null);
  return { kind, params: { user_id: user?.id ?? null, user_name: user?.name ?? null } };
}

/** POST /api/review_bulk_actions: checks the change and the selection, then queues the job in the same transaction. */
export async function createBulkAction(ctx: AppContext, actor: Actor, body: TBulkActionCreate): Promise<TBulkAction> {
  const accountId = accountIdFor(actor, body.account_id);
  const { kind, params } = await paramsFor(ctx, actor, accountId, body);
  const db = ctx.database.db;
  let reviewIds: string[];
  if (body.review_ids !== undefined) {
    if (body.filter !== undefined) throw AppError.invalid("review_ids", "Send review_ids or filter, not both");
    const ids = [...new Set(body.review_ids)];
    if (ids.some((id) => !isUuid(id))) throw AppError.invalid("review_ids", "Invalid id");
    reviewIds = await reviewIdsAmong(db, accountId, ids);
  } else if (body.filter !== undefined) {
    const { account_id: _ignored, ...query } = body.filter;
    const filter = await reviewFilterFrom(ctx, actor, { ...query, account_id: accountId });
    reviewIds = await reviewIdsMatching(db, filter, BULK_ACTION_MAX_REVIEWS + 1);
    if (reviewIds.length > BULK_ACTION_MAX_REVIEWS) {
      throw AppError.invalid("filter", `At most ${BULK_ACTION_MAX_REVIEWS} reviews at once: narrow the filters`);
    }
  } else {
    throw AppError.invalid("review_ids", "Select at least one review");
  }
  if (reviewIds.length === 0) throw AppError.invalid("review_ids", "Select at least one review");
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await insertBulkAction(trx, {
      account_id: accountId,
      user_id: actor.user.id,
      kind,
      params,
      review_ids: reviewIds,
    });
    await ctx.jobs.send(BULK_ACTION_JOB, { id: inserted.id }, { trx });
    return inserted;
  });
  return presentBulkAction(row, true);
}

/** GET /api/review_bulk_actions: the last ten, newest first. */
export async function listBulkActions(ctx: AppContext, actor: Actor, accountIdParam?: string) {
  const accountId = accountIdFor(actor, accountIdParam);
  const rows = await selectBulkActions(ctx.database.db, accountId, 10);
  return { bulk_actions: rows.map((r, i) => presentBulkAction(r, i === 0)) };
}

/** POST /api/review_bulk_actions/undo: the account's last bulk change, once it is done. */
export async function undoBulkAction(
  ctx: AppContext,
  actor: Actor,
  body: { account_id?: string | undefined; id?: string | undefined },
) {
  const accountId = accountIdFor(actor, body.account_id);
  authorize(actor, "update", "review");
  const last = await lastBulkAction(ctx.database.db, accountId);
  if (!last || (body.id !== undefined && body.id !== last.id)) {
    throw AppError.invalid("id", "Only the last bulk change can be undone");
  }
  if (last.kind === "assign" && !can(actor, "update", "review_status_label")) throw AppError.forbidden();
  if (last.status !== "done" || last.undone_at) {
    throw AppError.invalid(
      "id",
      last.undone_at ? "This change was already undone" : "This change has not finished yet",
    );
  }
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    await setBulkAction(trx, last.id, { status: "undoing", done: 0 });
    await ctx.jobs.send(BULK_UNDO_JOB, { id: last.id }, { trx });
    return { ...last, status: "undoing", done: 0 };
  });
  return presentBulkAction(row, true);
}
