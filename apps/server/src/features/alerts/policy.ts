import { definePolicy } from "../../platform/access.ts";

/**
 * Alerts: any user whose summary allows the action, on an alert of a reachable account. An alert is its
 * owner's alone: another user's alert is not found (404), like another account's, so the queries narrow
 * by the owner before this policy sees a record.
 */
export const alertPolicy = definePolicy<{ account_id: string; user_id: string }>("alert");
