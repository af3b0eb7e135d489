import type { Feature } from "../../platform/feature.ts";
import { registerLocationJobs } from "./jobs.ts";
import { locationHandlers } from "./routes.ts";

/** Locations of an account: list, read, create, update (the whole form, hours), delete, CSV import. */
export const locationsFeature: Feature = {
  name: "locations",
  routes: locationHandlers,
  jobs: registerLocationJobs,
};

export { readHours, sortRanges } from "./hours.ts";
export { LOCATION_IMPORT_JOB } from "./import.ts";
/** The location list's filter and query (the exports feature writes the list's rows through it). */
export { accountFacts, countAccountLocations, type LocationFilter, locationsOf } from "./queries.ts";
/** Locations as answered, and the rules other location features share (trial limit, account facts). */
export { presentLocations, trialLimitOf } from "./service.ts";
