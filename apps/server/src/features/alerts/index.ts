import type { Feature } from "../../platform/feature.ts";
import { registerAlertJobs } from "./jobs.ts";
import { alertHandlers } from "./routes.ts";

/** E-mail alerts: the signed-in user's subscriptions, and the jobs that send them. */
export const alertsFeature: Feature = {
  name: "alerts",
  routes: alertHandlers,
  jobs: registerAlertJobs,
};

/** Jobs other features enqueue: new reviews seen (`{ reviewIds }`), a response that failed to publish (`{ responseId }`). */
export { ALERTS_INSTANT_JOB, ALERTS_RESPONSE_FAILED_JOB } from "./jobs.ts";
