import { can, definePolicy } from "../../platform/access.ts";

/**
 * Assigning reviews (issue 11, "Ownership"): Managers and Admins, the users who manage the account's
 * review workflow (they hold `review_status_label` update, which User and below do not).
 */
export const assignmentPolicy = definePolicy<{ account_id: string }>("review", {
  update: (actor) => can(actor, "update", "review_status_label"),
});
