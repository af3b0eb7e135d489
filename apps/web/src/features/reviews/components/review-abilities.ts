import { can, type TPermissions } from "@starboard/contract/permissions";
import type { TReviewAbilities } from "./review-card";

/** What the user may do on a review, read from the session's permission summary only. */
export function reviewAbilities(permissions: TPermissions): TReviewAbilities & {
  updateStatus: boolean;
  addNote: boolean;
  /** Assign reviews (Managers and Admins: the users who manage status labels; server triage/policy.ts). */
  assign: boolean;
} {
  return {
    respond: can(permissions, "respond", "review"),
    addTag: can(permissions, "create", "review_tag"),
    removeTag: can(permissions, "delete", "review_tag"),
    deleteResponse: can(permissions, "delete", "response"),
    updateStatus: can(permissions, "update", "review"),
    addNote: can(permissions, "create", "note"),
    assign: can(permissions, "update", "review_status_label"),
  };
}
