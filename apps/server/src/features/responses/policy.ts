import { definePolicy } from "../../platform/access.ts";

/** Responses: any user whose summary allows the action, on a response of a reachable account. */
export const responsePolicy = definePolicy<{ account_id: string }>("response");
