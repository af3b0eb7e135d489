import type { Feature } from "../../platform/feature.ts";
import { specialHoursHandlers } from "./routes.ts";

/** Special (holiday) hours of locations, one date each, singly or in bulk. */
export const specialHoursFeature: Feature = {
  name: "special-hours",
  routes: specialHoursHandlers,
};
