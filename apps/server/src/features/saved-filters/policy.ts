import { definePolicy } from "../../platform/access.ts";

/**
 * Saved filters: a user's own. Another user's saved filter is not found (404), like another account's: the
 * queries narrow by the owner before this policy sees a record.
 */
export const savedFilterPolicy = definePolicy<{ account_id: string; user_id: string }>("saved_filter");
