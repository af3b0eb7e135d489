import type { Feature } from "../../platform/feature.ts";
import { campaignHandlers } from "./routes.ts";

/** Review request campaigns (single and multi location): drafts, send, schedule, cancel, recipients' status. */
export const campaignsFeature: Feature = {
  name: "campaigns",
  routes: campaignHandlers,
};

export { CAMPAIGN_START_JOB } from "./service.ts";
