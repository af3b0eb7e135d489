import type { Feature } from "../../platform/feature.ts";
import { unsubscribeHandlers } from "./routes.ts";

/** Unsubscribe links in e-mails: made by the features that send them, followed signed out. */
export const unsubscribeFeature: Feature = {
  name: "unsubscribe",
  routes: unsubscribeHandlers,
};

export { isUnsubscribed, type UnsubscribeTarget, unsubscribeLink } from "./service.ts";
