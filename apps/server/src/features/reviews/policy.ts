import { definePolicy } from "../../platform/access.ts";

/** Reviews: any user whose summary allows the action, on a review of a reachable account. */
export const reviewPolicy = definePolicy<{ account_id: string }>("review");

/** Review status labels: any user whose summary allows the action, on a label of a reachable account. */
export const statusLabelPolicy = definePolicy<{ account_id: string }>("review_status_label");

/** Notes on reviews: any user whose summary allows the action, on a note of a reachable account. */
export const notePolicy = definePolicy<{ account_id: string }>("note");

/** Response templates: any user whose summary allows the action, on a template of a reachable account. */
export const responseTemplatePolicy = definePolicy<{ account_id: string }>("response_template");
