import type { TReviewHistoryAction, TReviewHistoryEntry } from "@starboard/contract/reviews";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** Every write that touches a review records what happened here (the history screen reads it). */
export interface HistoryEvent {
  accountId: string;
  reviewId: string;
  /** null: the system did it (a publish job). */
  userId: string | null;
  action: TReviewHistoryAction;
  details?: Record<string, unknown>;
}

export async function recordHistory(db: Kysely<DB>, event: HistoryEvent) {
  await db
    .insertInto("review_history")
    .values({
      account_id: event.accountId,
      review_id: event.reviewId,
      user_id: event.userId,
      action: event.action,
      details: JSON.stringify(event.details ?? {}),
    })
    .execute();
}

type Label = { name?: unknown } | null | undefined;
const labelName = (l: Label) => (l && typeof l.name === "string" ? `"${l.name}"` : "none");

/** A sentence a person can read, from the action and its details. */
export function describeHistory(action: string, details: Record<string, unknown>): string {
  switch (action) {
    case "status_changed":
      return `Status changed from ${labelName(details.from as Label)} to ${labelName(details.to as Label)}`;
    case "tag_added":
      return `Tag added: ${String(details.name ?? "")}`;
    case "tag_removed":
      return `Tag removed: ${String(details.name ?? "")}`;
    case "note_added":
      return "Note added";
    case "note_deleted":
      return "Note deleted";
    case "response_submitted":
      return "Response submitted";
    case "response_published":
      return "Response published";
    case "response_publish_failed":
      return "Response failed to publish";
    case "response_delete_requested":
      return "Response deletion requested";
    case "response_deleted":
      return "Response deleted";
    case "response_delete_failed":
      return "Response failed to delete";
    case "assigned": {
      const to = details.to as Label;
      return to ? `Assigned to ${labelName(to).slice(1, -1)}` : "Unassigned";
    }
    default:
      return action.replaceAll("_", " ");
  }
}

export function presentHistory(row: {
  id: string;
  review_id: string;
  action: string;
  details: Record<string, unknown>;
  user_id: string | null;
  user_name: string | null;
  created_at: Date | string;
}): TReviewHistoryEntry {
  return {
    id: row.id,
    review_id: row.review_id,
    action: row.action,
    description: describeHistory(row.action, row.details ?? {}),
    details: row.details ?? {},
    user_id: row.user_id,
    user_name: row.user_name,
    created_at: new Date(row.created_at).toISOString(),
  };
}
