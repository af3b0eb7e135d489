import type { Feature } from "../../platform/feature.ts";
import { registerRequestSendingJobs } from "./jobs.ts";
import { registerRequestSendingPages } from "./pages.ts";
import { requestSendingHandlers } from "./routes.ts";

/** Sending review requests: the campaign start and send jobs, request settings, bounces, opens, one-click unsubscribe. */
export const requestSendingFeature: Feature = {
  name: "request-sending",
  routes: requestSendingHandlers,
  jobs: registerRequestSendingJobs,
  pages: registerRequestSendingPages,
};

export { CAMPAIGN_START_JOB, SEND_JOB, type SmsDelivery, useSmsDelivery } from "./service.ts";
