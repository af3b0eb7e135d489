import type { Feature } from "../../platform/feature.ts";
import { registerMetrics } from "./routes.ts";

/** The metrics feature (not yet moved to the route table: registered through `pages`). */
export const metricsFeature: Feature = {
  name: "metrics",
  pages: async (app, ctx) => await registerMetrics(app, ctx),
};
