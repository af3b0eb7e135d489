import type { Feature } from "../../platform/feature.ts";
import { registerAuthRoutes } from "./routes.ts";

/** The auth feature (not yet moved to the route table: registered through `pages`). */
export const authFeature: Feature = {
  name: "auth",
  pages: (app, ctx) => registerAuthRoutes(app, ctx),
};
