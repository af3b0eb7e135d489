import { definePolicy } from "../../platform/access.ts";

/** Imports report on reviews: any user who reads reviews, on an import of a reachable account. */
export const importPolicy = definePolicy<{ account_id: string }>("review");

/** Importing reviews into a location, or syncing it, changes the location's reviews: location update. */
export const locationSyncPolicy = definePolicy<{ account_id: string }>("location");
