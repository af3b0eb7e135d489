import { definePolicy } from "../../platform/access.ts";

/** Connection issues: any user whose summary allows the action, on an issue of a reachable account. */
export const issuePolicy = definePolicy<{ account_id: string }>("issue");
