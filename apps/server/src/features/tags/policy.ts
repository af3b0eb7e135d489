import { definePolicy } from "../../platform/access.ts";

/** Account tags: any user whose summary allows the action, on a tag of a reachable account. */
export const tagPolicy = definePolicy<{ account_id: string }>("tag");

/** Tags on reviews: any user whose summary allows the action, on a review tag of a reachable account. */
export const reviewTagPolicy = definePolicy<{ account_id: string }>("review_tag");
