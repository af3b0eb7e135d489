import type { Feature } from "../../platform/feature.ts";
import { registerMetricsJobs } from "./jobs.ts";
import { metricsHandlers } from "./routes.ts";

/** Metrics: the dashboard's overview, and the daily roll-ups it reads (rebuilt nightly). */
export const metricsFeature: Feature = {
  name: "metrics",
  routes: metricsHandlers,
  jobs: registerMetricsJobs,
};

/** The job that recounts an account's daily roll-ups (the accounts feature sends it when the time zone changes). */
export { REFRESH_DAILY_STATS } from "./jobs.ts";
