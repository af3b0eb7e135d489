import { definePolicy } from "../../platform/access.ts";

/** Reviews: any user whose summary allows the action, on a review of a reachable account. */
export const reviewPolicy = definePolicy<{ account_id: string }>("review");
