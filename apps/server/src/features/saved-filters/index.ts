import type { Feature } from "../../platform/feature.ts";
import { savedFilterHandlers } from "./routes.ts";

/** Saved filters: a user's named filter sets (user preferences of type saved_filters). */
export const savedFiltersFeature: Feature = {
  name: "saved-filters",
  routes: savedFilterHandlers,
};
