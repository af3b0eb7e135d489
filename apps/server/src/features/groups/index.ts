import type { Feature } from "../../platform/feature.ts";
import { registerGroupRoutes } from "./routes.ts";

/** The groups feature (not yet moved to the route table: registered through `pages`). */
export const groupsFeature: Feature = {
  name: "groups",
  pages: (app, ctx) => registerGroupRoutes(app, ctx),
};
