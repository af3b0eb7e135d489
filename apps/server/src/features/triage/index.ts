import type { Feature } from "../../platform/feature.ts";
import { registerTriageRoutes } from "./routes.ts";

/** The triage feature (not yet moved to the route table: registered through `pages`). */
export const triageFeature: Feature = {
  name: "triage",
  pages: (app, ctx) => registerTriageRoutes(app, ctx),
};
