import type { Feature } from "../../platform/feature.ts";
import { registerAccountRoutes } from "./routes.ts";

/** The accounts feature (not yet moved to the route table: registered through `pages`). */
export const accountsFeature: Feature = {
  name: "accounts",
  pages: (app, ctx) => registerAccountRoutes(app, ctx),
};
