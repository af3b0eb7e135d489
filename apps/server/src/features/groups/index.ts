import type { Feature } from "../../platform/feature.ts";
import { groupHandlers } from "./routes.ts";

/** Groups of locations; `location_ids` on create and update sets the membership. */
export const groupsFeature: Feature = {
  name: "groups",
  routes: groupHandlers,
};
