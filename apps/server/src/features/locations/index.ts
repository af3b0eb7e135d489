import type { Feature } from "../../platform/feature.ts";
import { registerLocationRoutes } from "./routes.ts";

/** The locations feature (not yet moved to the route table: registered through `pages`). */
export const locationsFeature: Feature = {
  name: "locations",
  pages: (app, ctx) => registerLocationRoutes(app, ctx),
};
