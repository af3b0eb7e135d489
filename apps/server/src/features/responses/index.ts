import type { Feature } from "../../platform/feature.ts";
import { registerResponseJobs } from "./jobs.ts";
import { registerResponseRoutes } from "./routes.ts";

/** Responses to reviews (not yet moved to the route table: registered through `pages`). */
export const responsesFeature: Feature = {
  name: "responses",
  pages: (app, ctx) => registerResponseRoutes(app, ctx),
  jobs: (ctx) => registerResponseJobs(ctx),
};
