import type { Feature } from "../../platform/feature.ts";
import { groupHandlers } from "./routes.ts";

/** Groups of locations; `location_ids` on create and update sets the membership. */
export const groupsFeature: Feature = {
  name: "groups",
  routes: groupHandlers,
};

/** The group list's filter and query (the exports feature writes the list's rows through it). */
export { type GroupFilter, groupsOf } from "./queries.ts";
