import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AppContext } from "../../platform/context.ts";
import { recordHistory } from "../reviews/index.ts";
import {
  type BulkActionRow,
  findBulkAction,
  itemsOf,
  labelNames,
  reviewStates,
  saveBefore,
  setBulkAction,
  tagNamed,
  userNames,
} from "./queries.ts";
import { applyAssignment, assignmentMail, BULK_ACTION_JOB, BULK_UNDO_JOB, EMAIL_JOB } from "./service.ts";

/** Reviews changed per transaction: progress moves by this much, and a retried job resumes after the last chunk. */
const CHUNK = 100;

/** What a review was before a bulk change touched it (the undo puts it back). */
interface Before {
  status_label_id: string | null;
  assigned_user_id: string | null;
  had_tag: boolean;
}

type Params = { status_label_id?: string | null; tag?: string; user_id?: string | null };

/** One chunk of a bulk change: each review's state saved, then changed, with its history row. */
async function applyChunk(trx: Kysely<DB>, action: BulkActionRow, ids: string[]) {
  const params = action.params as Params;
  const states = await reviewStates(trx, ids);
  const tag = params.tag?.toLowerCase();
  await saveBefore(
    trx,
    action.id,
    states.map((r) => ({
      review_id: r.id,
      before: {
        status_label_id: r.status_label_id,
        assigned_user_id: r.assigned_user_id,
        had_tag: tag ? r.tags.some((t) => t.name.toLowerCase() === tag) : false,
      } satisfies Before,
    })),
  );
  const labels = new Map(
    (
      await labelNames(
        trx,
        [...new Set([params.status_label_id, ...states.map((s) => s.status_label_id)])].filter((id): id is string =>
          Boolean(id),
        ),
      )
    ).map((l) => [l.id, l]),
  );
  const users = new Map(
    (
      await userNames(
        trx,
        [...new Set([params.user_id, ...states.map((s) => s.assigned_user_id)])].filter((id): id is string =>
          Boolean(id),
        ),
      )
    ).map((u) => [u.id, { id: u.id, name: u.name }]),
  );
  const extra = { bulk_action_id: action.id };
  const accountTag =
    params.tag && action.kind === "add_tag" ? await tagNamed(trx, action.account_id, params.tag) : null;
  for (const r of states) {
    if (action.kind === "assign") {
      const to = params.user_id ? (users.get(params.user_id) ?? null) : null;
      const from = r.assigned_user_id ? (users.get(r.assigned_user_id) ?? null) : null;
      await applyAssignment(trx, r, to, from, action.user_id, extra);
    } else if (action.kind === "set_status_label") {
      const to = params.status_label_id ?? null;
      if (r.status_label_id === to) continue;
      await trx
        .updateTable("reviews")
        .set({ status_label_id: to, updated_at: new Date() })
        .where("id", "=", r.id)
        .execute();
      await recordHistory(trx, {
        accountId: r.account_id,
        reviewId: r.id,
        userId: action.user_id,
        action: "status_changed",
        details: {
          from: r.status_label_id ? (labels.get(r.status_label_id) ?? null) : null,
          to: to ? (labels.get(to) ?? null) : null,
          ...extra,
        },
      });
    } else if (action.kind === "add_tag" && accountTag) {
      if (r.tags.some((t) => t.name.toLowerCase() === tag)) continue;
      await trx
        .insertInto("review_tags")
        .values({
          account_id: r.account_id,
          review_id: r.id,
          tag_id: accountTag.id,
          name: accountTag.name,
          created_by_user_id: action.user_id,
        })
        .execute();
      await recordHistory(trx, {
        accountId: r.account_id,
        reviewId: r.id,
        userId: action.user_id,
        action: "tag_added",
        details: { name: accountTag.name, ...extra },
      });
    } else if (action.kind === "remove_tag") {
      const gone = r.tags.filter((t) => t.name.toLowerCase() === tag);
      if (gone.length === 0) continue;
      await trx
        .deleteFrom("review_tags")
        .where("review_id", "=", r.id)
        .where((eb) => eb(eb.fn("lower", ["name"]), "=", tag!))
        .execute();
      await recordHistory(trx, {
        accountId: r.account_id,
        reviewId: r.id,
        userId: action.user_id,
        action: "tag_removed",
        details: { name: gone[0]!.name, ...extra },
      });
    }
  }
}

/** One chunk of an undo: each review back to its saved state, with a history row where it changes. */
async function undoChunk(trx: Kysely<DB>, action: BulkActionRow, items: { review_id: string; before: unknown }[]) {
  const params = action.params as Params;
  const states = new Map(
    (
      await reviewStates(
        trx,
        items.map((i) => i.review_id),
      )
    ).map((r) => [r.id, r]),
  );
  const before = new Map(items.map((i) => [i.review_id, i.before as Before]));
  const labelIds = [...states.values()].flatMap((s) => [s.status_label_id, before.get(s.id)?.status_label_id ?? null]);
  const labels = new Map(
    (
      await labelNames(
        trx,
        [...new Set(labelIds)].filter((id): id is string => Boolean(id)),
      )
    ).map((l) => [l.id, l]),
  );
  const userIds = [...states.values()].flatMap((s) => [s.assigned_user_id, before.get(s.id)?.assigned_user_id ?? null]);
  const users = new Map(
    (
      await userNames(
        trx,
        [...new Set(userIds)].filter((id): id is string => Boolean(id)),
      )
    ).map((u) => [u.id, { id: u.id, name: u.name }]),
  );
  const extra = { undo_of: action.id };
  const tag = params.tag?.toLowerCase();
  for (const [id, r] of states) {
    const was = before.get(id)!;
    if (action.kind === "assign") {
      const to = was.assigned_user_id ? (users.get(was.assigned_user_id) ?? null) : null;
      const from = r.assigned_user_id ? (users.get(r.assigned_user_id) ?? null) : null;
      await applyAssignment(trx, r, to, from, action.user_id, extra);
    } else if (action.kind === "set_status_label") {
      if (r.status_label_id === was.status_label_id) continue;
      await trx
        .updateTable("reviews")
        .set({ status_label_id: was.status_label_id, updated_at: new Date() })
        .where("id", "=", id)
        .execute();
      await recordHistory(trx, {
        accountId: r.account_id,
        reviewId: id,
        userId: action.user_id,
        action: "status_changed",
        details: {
          from: r.status_label_id ? (labels.get(r.status_label_id) ?? null) : null,
          to: was.status_label_id ? (labels.get(was.status_label_id) ?? null) : null,
          ...extra,
        },
      });
    } else if (action.kind === "add_tag" && !was.had_tag) {
      const gone = r.tags.filter((t) => t.name.toLowerCase() === tag);
      if (gone.length === 0) continue;
      await trx
        .deleteFrom("review_tags")
        .where("review_id", "=", id)
        .where((eb) => eb(eb.fn("lower", ["name"]), "=", tag!))
        .execute();
      await recordHistory(trx, {
        accountId: r.account_id,
        reviewId: id,
        userId: action.user_id,
        action: "tag_removed",
        details: { name: gone[0]!.name, ...extra },
      });
    } else if (action.kind === "remove_tag" && was.had_tag && params.tag) {
      if (r.tags.some((t) => t.name.toLowerCase() === tag)) continue;
      const accountTag = await tagNamed(trx, action.account_id, params.tag);
      await trx
        .insertInto("review_tags")
        .values({
          account_id: r.account_id,
          review_id: id,
          tag_id: accountTag.id,
          name: accountTag.name,
          created_by_user_id: action.user_id,
        })
        .execute();
      await recordHistory(trx, {
        accountId: r.account_id,
        reviewId: id,
        userId: action.user_id,
        action: "tag_added",
        details: { name: accountTag.name, ...extra },
      });
    }
  }
}

/** The bulk change and undo jobs (queued in the transaction that records the request). */
export function triageJobs(ctx: AppContext) {
  ctx.jobs.define<{ id: string }>({
    name: BULK_ACTION_JOB,
    handler: async ({ id }) => {
      const db = ctx.database.db;
      const action = await findBulkAction(db, id);
      if (!action || (action.status !== "queued" && action.status !== "running")) return { skipped: true };
      await setBulkAction(db, id, { status: "running" });
      // A retried job goes on after the chunks already done.
      for (let start = action.done; start < action.review_ids.length; start += CHUNK) {
        const ids = action.review_ids.slice(start, start + CHUNK);
        await db.transaction().execute(async (trx) => {
          await applyChunk(trx, action, ids);
          await setBulkAction(trx, id, { done: Math.min(action.review_ids.length, start + CHUNK) });
        });
      }
      await db.transaction().execute(async (trx) => {
        await setBulkAction(trx, id, { status: "done", finished_at: new Date(), done: action.review_ids.length });
        const params = action.params as Params;
        if (action.kind === "assign" && params.user_id && params.user_id !== action.user_id) {
          const [to] = await userNames(trx, [params.user_id]);
          const [by] = action.user_id ? await userNames(trx, [action.user_id]) : [];
          if (to) {
            const reviews = action.review_ids.map((reviewId) => ({ id: reviewId }));
            const mail = assignmentMail(ctx, `review-bulk-assigned:${action.id}`, to, by?.name ?? "Someone", reviews);
            await ctx.jobs.send(EMAIL_JOB, mail, { trx });
          }
        }
      });
      return { done: action.review_ids.length };
    },
  });

  ctx.jobs.define<{ id: string }>({
    name: BULK_UNDO_JOB,
    handler: async ({ id }) => {
      const db = ctx.database.db;
      const action = await findBulkAction(db, id);
      if (action?.status !== "undoing") return { skipped: true };
      const items = await itemsOf(db, id);
      for (let start = action.done; start < items.length; start += CHUNK) {
        const chunk = items.slice(start, start + CHUNK);
        await db.transaction().execute(async (trx) => {
          await undoChunk(trx, action, chunk);
          await setBulkAction(trx, id, { done: Math.min(items.length, start + CHUNK) });
        });
      }
      await setBulkAction(db, id, { status: "undone", undone_at: new Date(), done: items.length });
      return { undone: items.length };
    },
  });
}
