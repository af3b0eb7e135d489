import type { Feature } from "../../platform/feature.ts";
import { registerAlerts } from "./routes.ts";

/** The alerts feature (not yet moved to the route table: registered through `pages`). */
export const alertsFeature: Feature = {
  name: "alerts",
  pages: async (app, ctx) => await registerAlerts(app, ctx),
};
