import type { Feature } from "../../platform/feature.ts";
import { webhookHandlers } from "./routes.ts";

/** Webhooks: internal events the client reports. */
export const webhooksFeature: Feature = {
  name: "webhooks",
  routes: webhookHandlers,
};
