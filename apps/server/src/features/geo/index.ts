import type { Feature } from "../../platform/feature.ts";
import { geoHandlers } from "./routes.ts";

/** Geo: countries and states (shared reference data), and the reference data seed. */
export const geoFeature: Feature = {
  name: "geo",
  routes: geoHandlers,
};

export { seedReferenceData } from "./seed.ts";
