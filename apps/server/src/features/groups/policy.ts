import { definePolicy } from "../../platform/access.ts";

/** Groups: any user whose summary allows the action, on a group of a reachable account. */
export const groupPolicy = definePolicy<{ account_id: string }>("group");
