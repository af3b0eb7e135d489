import type { Feature } from "../../platform/feature.ts";
import { registerSourceRoutes } from "./routes.ts";

/** The sources feature (not yet moved to the route table: registered through `pages`). */
export const sourcesFeature: Feature = {
  name: "sources",
  pages: (app, ctx) => registerSourceRoutes(app, ctx),
};
