import type { Feature } from "../../platform/feature.ts";
import { registerUnsubscribeRoutes } from "./routes.ts";

/** The unsubscribe feature (not yet moved to the route table: registered through `pages`). */
export const unsubscribeFeature: Feature = {
  name: "unsubscribe",
  pages: (app, ctx) => registerUnsubscribeRoutes(app, ctx),
};
