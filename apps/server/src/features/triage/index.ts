import type { Feature } from "../../platform/feature.ts";
import { triageJobs } from "./jobs.ts";
import { triageHandlers } from "./routes.ts";

/**
 * Triage: network diagnostics (signed out), and review triage (issue 11): assigning reviews, bulk
 * changes run as jobs with their progress and the undo of the last one.
 */
export const triageFeature: Feature = {
  name: "triage",
  routes: triageHandlers,
  jobs: triageJobs,
};
