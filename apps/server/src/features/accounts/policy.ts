import { definePolicy } from "../../platform/access.ts";

/**
 * Accounts, and what belongs to an account alone (its experiments, and reading its settings): any user
 * whose summary allows the action, on a reachable account (an account is its own `account_id`).
 */
export const accountPolicy = definePolicy<{ account_id: string }>("account");

/** Changing a setting: Admins (the summary's account_setting update), on a setting of a reachable account. */
export const accountSettingPolicy = definePolicy<{ account_id: string }>("account_setting");
