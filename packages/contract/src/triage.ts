/**
 * Review triage (issue 11, "What staff expect"): assignment, bulk actions with their undo, the merge of
 * tags and status labels, and the list's sort options. Routes in routes/reviews.ts and routes/tags.ts.
 */
import { z } from "./zod.ts";

// --- Sort ----------------------------------------------------------------------------------------

/** The list's sort control: each option is a `sort` value in the page's URL and the API's sort[by]/[order]. */
export const REVIEW_LIST_SORT_OPTIONS = [
  { value: "newest", label: "Newest", by: "published_at", order: "desc" },
  { value: "oldest", label: "Oldest", by: "published_at", order: "asc" },
  { value: "lowest", label: "Lowest rating", by: "rating", order: "asc" },
  { value: "highest", label: "Highest rating", by: "rating", order: "desc" },
  { value: "first_seen", label: "Recently first seen", by: "first_seen_at", order: "desc" },
] as const;
export type TReviewListSort = (typeof REVIEW_LIST_SORT_OPTIONS)[number]["value"];

// --- Assignment ----------------------------------------------------------------------------------

/** PUT /api/reviews/{id}/assignment: a user of the review's account, or null (absent) to unassign. */
export const ZReviewAssignmentSchema = z.object({
  account_id: z.string().max(100).optional(),
  user_id: z.string().max(100).nullable().default(null),
});
export type TReviewAssignment = z.input<typeof ZReviewAssignmentSchema>;

/** A user a review can be assigned to. */
export const ZAssigneeSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type TAssignee = z.infer<typeof ZAssigneeSchema>;
export const ZAssigneeListSchema = z.object({ assignees: z.array(ZAssigneeSchema) });
export type TAssigneeList = z.infer<typeof ZAssigneeListSchema>;
export const ZAssigneeQuerySchema = z.object({
  account_id: z.string().max(100).optional(),
  nonce: z.string().optional(),
});

// --- Bulk actions --------------------------------------------------------------------------------

export const BULK_ACTION_KINDS = ["set_status_label", "add_tag", "remove_tag", "assign"] as const;
export type TBulkActionKind = (typeof BULK_ACTION_KINDS)[number];
/** At most this many reviews in one bulk change ("all matching" beyond it answers 400). */
export const BULK_ACTION_MAX_REVIEWS = 5000;

/**
 * POST /api/review_bulk_actions: the reviews (`review_ids`, the selection on a page, or `filter`, the
 * review filter's query: all matching) and the change. The fields are checked by the server, after the
 * account (400 with the field: a kind, a selection, the value the kind needs).
 */
export const ZBulkActionCreateSchema = z.object({
  account_id: z.string().max(100).optional(),
  kind: z
    .string()
    .max(40)
    .optional()
    .describe(`One of ${BULK_ACTION_KINDS.join(", ")}`),
  review_ids: z.array(z.string().max(100)).max(BULK_ACTION_MAX_REVIEWS).optional(),
  filter: z
    .record(z.string(), z.union([z.string().max(4000), z.array(z.string().max(4000)).max(200)]))
    .optional()
    .describe("All reviews matching the review filter (its query keys)"),
  status_label_id: z.string().max(100).nullable().optional().describe("set_status_label: the label, or null"),
  tag: z.string().max(100).optional().describe("add_tag, remove_tag: the tag's name"),
  user_id: z.string().max(100).nullable().optional().describe("assign: the user, or null to unassign"),
});
export type TBulkActionCreate = z.input<typeof ZBulkActionCreateSchema>;

export const BULK_ACTION_STATUSES = ["queued", "running", "done", "failed", "undoing", "undone"] as const;

export const ZBulkActionSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  kind: z.enum(BULK_ACTION_KINDS),
  status: z.enum(BULK_ACTION_STATUSES),
  /** What the change does, in words ("Assign to Sam Lee"). */
  description: z.string(),
  total: z.number(),
  done: z.number(),
  error: z.string().nullable(),
  /** The last finished bulk change of the account, not yet undone. */
  undoable: z.boolean(),
  user_id: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  undone_at: z.string().nullable(),
});
export type TBulkAction = z.infer<typeof ZBulkActionSchema>;
export const ZBulkActionListSchema = z.object({ bulk_actions: z.array(ZBulkActionSchema) });
export type TBulkActionList = z.infer<typeof ZBulkActionListSchema>;
export const ZBulkActionListQuerySchema = z.object({
  account_id: z.string().max(100).optional(),
  nonce: z.string().optional(),
});

/** POST /api/review_bulk_actions/undo: the account's last bulk change (`id` must name it when given). */
export const ZBulkActionUndoSchema = z.object({
  account_id: z.string().max(100).optional(),
  id: z.string().max(100).optional(),
});

// --- Merge ---------------------------------------------------------------------------------------

/** POST /api/tags/{id}/merge and /api/review_status_labels/{id}/merge: into another of the account's. */
export const ZMergeSchema = z.object({
  account_id: z.string().max(100).optional(),
  into_id: z.string().max(100).optional().describe("The tag (label) that stays; this one is deleted"),
});
export type TMerge = z.input<typeof ZMergeSchema>;
