import type { Feature } from "../../platform/feature.ts";
import { registerScheduledExportJobs } from "./jobs.ts";
import { scheduledExportHandlers } from "./routes.ts";

/** Scheduled exports: the schedules, and the job that e-mails each at its time. */
export const scheduledExportsFeature: Feature = {
  name: "scheduled-exports",
  routes: scheduledExportHandlers,
  jobs: registerScheduledExportJobs,
};
