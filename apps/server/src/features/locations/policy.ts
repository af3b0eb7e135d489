import { definePolicy } from "../../platform/access.ts";

/** Locations: any user whose summary allows the action, on a location of a reachable account. */
export const locationPolicy = definePolicy<{ account_id: string }>("location");
