import type { Feature } from "../../platform/feature.ts";
import { locationHandlers } from "./routes.ts";

/** Locations of an account, with the groups each belongs to. */
export const locationsFeature: Feature = {
  name: "locations",
  routes: locationHandlers,
};
