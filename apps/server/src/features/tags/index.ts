import type { Feature } from "../../platform/feature.ts";
import { registerTagRoutes } from "./routes.ts";

/** The tags feature (not yet moved to the route table: registered through `pages`). */
export const tagsFeature: Feature = {
  name: "tags",
  pages: (app, ctx) => registerTagRoutes(app, ctx),
};
