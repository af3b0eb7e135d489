import { definePolicy } from "../../platform/access.ts";

/** Customers and the do-not-contact list: any user whose summary allows the action, in a reachable account. */
export const contactPolicy = definePolicy<{ account_id: string }>("contact");
