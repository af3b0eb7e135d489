import type { Feature } from "../../platform/feature.ts";
import { microsurveyHandlers } from "./routes.ts";

/** Microsurveys (`/api/microsurveys`), their summaries, and the ask tool's overview (`/api/request_overview`). */
export const microsurveysFeature: Feature = {
  name: "microsurveys",
  routes: microsurveyHandlers,
};

/** For the exports feature: the rows and columns of the `microsurvey_responses` resource. */
export { microsurveyResponsesExport } from "./export.ts";
/** For the exports feature: 403 unless the account's `microsurveys` setting is on. */
export { checkMicrosurveysOn } from "./service.ts";
