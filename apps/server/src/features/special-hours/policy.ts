import { definePolicy } from "../../platform/access.ts";

/** Holiday hours belong to a location: the location permissions apply. */
export const specialHoursPolicy = definePolicy<{ account_id: string }>("location");
