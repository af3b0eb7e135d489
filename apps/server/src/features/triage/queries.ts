import type { Kysely, Selectable } from "kysely";
import type { DB, ReviewBulkActionsTable } from "../../db/schema.ts";
import { matchesReviewFilter, type ReviewFilter } from "../reviews/index.ts";

// Review triage's SQL: assignees, bulk changes and what each review was before one.

export type BulkActionRow = Selectable<ReviewBulkActionsTable>;

/** The active users of an account, by name (who reviews can be assigned to). */
export function selectAssignees(db: Kysely<DB>, accountId: string) {
  return db
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("account_id", "=", accountId)
    .where("is_shadow", "=", false)
    .where("status", "=", "active")
    .orderBy("name")
    .orderBy("id")
    .execute();
}

/** One assignable user of the account, or undefined. */
export function findAssignee(db: Kysely<DB>, accountId: string, userId: string) {
  return db
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("id", "=", userId)
    .where("account_id", "=", accountId)
    .where("is_shadow", "=", false)
    .where("status", "=", "active")
    .executeTakeFirst();
}

export function findStatusLabel(db: Kysely<DB>, accountId: string, id: string) {
  return db
    .selectFrom("review_status_labels")
    .select(["id", "name"])
    .where("id", "=", id)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
}

/** The ids of the account's reviews among `ids`, in the given order. */
export async function reviewIdsAmong(db: Kysely<DB>, accountId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("reviews")
    .select("id")
    .where("account_id", "=", accountId)
    .where("id", "in", ids)
    .execute();
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => found.has(id));
}

/** The ids of the reviews a filter matches, newest first, at most `limit`. */
export async function reviewIdsMatching(db: Kysely<DB>, filter: ReviewFilter, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("reviews as r")
    .select("r.id")
    .where(matchesReviewFilter(filter))
    .orderBy("r.published_at", "desc")
    .orderBy("r.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export function insertBulkAction(
  db: Kysely<DB>,
  values: {
    account_id: string;
    user_id: string;
    kind: string;
    params: Record<string, unknown>;
    review_ids: string[];
  },
) {
  return db
    .insertInto("review_bulk_actions")
    .values({ ...values, params: JSON.stringify(values.params), total: values.review_ids.length })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findBulkAction(db: Kysely<DB>, id: string) {
  return db.selectFrom("review_bulk_actions").selectAll().where("id", "=", id).executeTakeFirst();
}

export function selectBulkActions(db: Kysely<DB>, accountId: string, limit: number) {
  return db
    .selectFrom("review_bulk_actions")
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The account's last bulk change (the only one that can be undone). */
export function lastBulkAction(db: Kysely<DB>, accountId: string) {
  return db
    .selectFrom("review_bulk_actions")
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function setBulkAction(
  db: Kysely<DB>,
  id: string,
  values: Partial<{ status: string; done: number; error: string | null; finished_at: Date; undone_at: Date }>,
) {
  return db.updateTable("review_bulk_actions").set(values).where("id", "=", id).execute();
}

/** The reviews of a chunk as the bulk change finds them: label, assignee and tag names. */
export async function reviewStates(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("reviews")
    .select(["id", "account_id", "status_label_id", "assigned_user_id"])
    .where("id", "in", ids)
    .execute();
  const tags = await db
    .selectFrom("review_tags")
    .select(["review_id", "name", "tag_id"])
    .where("review_id", "in", ids)
    .execute();
  return rows.map((r) => ({ ...r, tags: tags.filter((t) => t.review_id === r.id) }));
}

export function labelNames(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as { id: string; name: string }[]);
  return db.selectFrom("review_status_labels").select(["id", "name"]).where("id", "in", ids).execute();
}

export function userNames(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as { id: string; name: string; email: string }[]);
  return db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", ids).execute();
}

/** The account's tag of that name, whatever the case; created when there is none. */
export async function tagNamed(db: Kysely<DB>, accountId: string, name: string) {
  const found = await db
    .selectFrom("tags")
    .select(["id", "name"])
    .where("account_id", "=", accountId)
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()))
    .executeTakeFirst();
  if (found) return found;
  return db
    .insertInto("tags")
    .values({ account_id: accountId, name })
    .returning(["id", "name"])
    .executeTakeFirstOrThrow();
}

export function saveBefore(db: Kysely<DB>, bulkActionId: string, items: { review_id: string; before: unknown }[]) {
  if (items.length === 0) return Promise.resolve();
  return db
    .insertInto("review_bulk_action_items")
    .values(
      items.map((i) => ({ bulk_action_id: bulkActionId, review_id: i.review_id, before: JSON.stringify(i.before) })),
    )
    .onConflict((oc) => oc.columns(["bulk_action_id", "review_id"]).doNothing())
    .execute();
}

export function itemsOf(db: Kysely<DB>, bulkActionId: string) {
  return db
    .selectFrom("review_bulk_action_items")
    .select(["review_id", "before"])
    .where("bulk_action_id", "=", bulkActionId)
    .orderBy("review_id")
    .execute();
}
