import { definePolicy } from "../../platform/access.ts";

/**
 * Users: another user of a reachable account needs the summary's user permission for the action.
 * A user's own record is not checked against it (anyone reads and changes their own details); the
 * service decides that before it loads the record.
 */
export const userPolicy = definePolicy<{ account_id: string }>("user");
