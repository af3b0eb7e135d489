import type { Feature } from "../../platform/feature.ts";
import { registerGeoRoutes } from "./routes.ts";

/** The geo feature (not yet moved to the route table: registered through `pages`). */
export const geoFeature: Feature = {
  name: "geo",
  pages: (app, ctx) => registerGeoRoutes(app, ctx),
};
