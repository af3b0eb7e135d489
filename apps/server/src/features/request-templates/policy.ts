import { definePolicy } from "../../platform/access.ts";

/** Review request templates: any user whose summary allows the action, on a template of a reachable account. */
export const templatePolicy = definePolicy<{ account_id: string }>("template");
