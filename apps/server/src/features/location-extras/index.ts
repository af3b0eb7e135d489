import type { Feature } from "../../platform/feature.ts";
import { locationExtraHandlers } from "./routes.ts";

/** Around a location: directory-specific overrides, billing preview, local-listing eligibility, landing pages. */
export const locationExtrasFeature: Feature = {
  name: "location-extras",
  routes: locationExtraHandlers,
};

/** The demo's location details (registered in the demo's extensions). */
export { DEMO_TRIAL_USER_EMAIL, seedLocationDetailsDemo } from "./demo.ts";
