import type { Feature } from "../../platform/feature.ts";
import { registerResponseJobs } from "./jobs.ts";
import { responseHandlers } from "./routes.ts";

/** Responses to reviews: the routes, and the jobs that publish and delete them at the source. */
export const responsesFeature: Feature = {
  name: "responses",
  routes: responseHandlers,
  jobs: (ctx) => registerResponseJobs(ctx),
};
