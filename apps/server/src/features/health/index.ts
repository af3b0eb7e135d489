import type { Feature } from "../../platform/feature.ts";
import { healthHandlers } from "./routes.ts";

/** Health: the readiness check (signed out). */
export const healthFeature: Feature = {
  name: "health",
  routes: healthHandlers,
};
