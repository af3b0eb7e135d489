import type { Feature } from "../../platform/feature.ts";
import { registerHealthRoutes } from "./routes.ts";

/** The health feature (not yet moved to the route table: registered through `pages`). */
export const healthFeature: Feature = {
  name: "health",
  pages: (app, ctx) => registerHealthRoutes(app, ctx),
};
