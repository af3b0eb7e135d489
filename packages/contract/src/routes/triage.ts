import { ZReviewSchema, ZSuggestedReplySchema } from "../reviews.ts";
import { defineRoute } from "../route.ts";
import { ZTriageSchema } from "../system.ts";
import {
  ZAssigneeListSchema,
  ZAssigneeQuerySchema,
  ZBulkActionCreateSchema,
  ZBulkActionListQuerySchema,
  ZBulkActionListSchema,
  ZBulkActionSchema,
  ZBulkActionUndoSchema,
  ZReviewAssignmentSchema,
} from "../triage.ts";
import { z } from "../zod.ts";

const tag = "triage";
const summary = "Network diagnostics: what the server sees of this request, signed in or not";

/** Triage: the same diagnostics for every method the triage page tries. */
export const triageRoutes = {
  getTriage: defineRoute({
    method: "GET",
    path: "/api/triage",
    summary,
    tag,
    response: ZTriageSchema,
    access: "public",
  }),
  postTriage: defineRoute({
    method: "POST",
    path: "/api/triage",
    summary,
    tag,
    response: ZTriageSchema,
    access: "public",
  }),
  putTriage: defineRoute({
    method: "PUT",
    path: "/api/triage",
    summary,
    tag,
    response: ZTriageSchema,
    access: "public",
  }),
  patchTriage: defineRoute({
    method: "PATCH",
    path: "/api/triage",
    summary,
    tag,
    response: ZTriageSchema,
    access: "public",
  }),
  deleteTriage: defineRoute({
    method: "DELETE",
    path: "/api/triage",
    summary,
    tag,
    response: ZTriageSchema,
    access: "public",
  }),

  // Review triage (issue 11): assignment and bulk changes with their undo (contract triage.ts).
  assignReview: defineRoute({
    method: "PUT",
    path: "/api/reviews/:id/assignment",
    summary:
      "Assigns the review to a user of its account, or unassigns it (recorded in its history; the assignee gets an e-mail)",
    tag: "reviews",
    params: z.object({ id: z.string().max(100) }),
    body: ZReviewAssignmentSchema,
    response: ZReviewSchema,
    access: { action: "update", resource: "review" },
    idResource: "reviews",
  }),
  suggestedReply: defineRoute({
    method: "GET",
    path: "/api/reviews/:id/suggested_reply",
    summary:
      "A reply drafted here from the review's mentions, rating and location, on its first fitting template; never sent by itself",
    tag: "reviews",
    params: z.object({ id: z.string().max(100) }),
    response: ZSuggestedReplySchema,
    access: { action: "respond", resource: "review" },
    idResource: "reviews",
  }),
  listAssignees: defineRoute({
    method: "GET",
    path: "/api/review_assignees",
    summary: "The users reviews of the account can be assigned to, by name",
    tag: "reviews",
    query: ZAssigneeQuerySchema,
    response: ZAssigneeListSchema,
    access: { action: "read", resource: "review" },
  }),
  createBulkAction: defineRoute({
    method: "POST",
    path: "/api/review_bulk_actions",
    summary: "Sets a status label, adds or removes a tag, or assigns, on selected or all matching reviews, as a job",
    tag: "reviews",
    body: ZBulkActionCreateSchema,
    status: 202,
    response: ZBulkActionSchema,
    access: { action: "update", resource: "review" },
  }),
  listBulkActions: defineRoute({
    method: "GET",
    path: "/api/review_bulk_actions",
    summary: "The account's recent bulk changes, newest first, with their progress",
    tag: "reviews",
    query: ZBulkActionListQuerySchema,
    response: ZBulkActionListSchema,
    access: { action: "read", resource: "review" },
  }),
  undoBulkAction: defineRoute({
    method: "POST",
    path: "/api/review_bulk_actions/undo",
    summary: "Undoes the account's last bulk change (each review back to what it was), as a job",
    tag: "reviews",
    body: ZBulkActionUndoSchema,
    status: 202,
    response: ZBulkActionSchema,
    access: { action: "update", resource: "review" },
  }),
};
