import type { Feature } from "../../platform/feature.ts";
import { registerWebhookRoutes } from "./routes.ts";

/** The webhooks feature (not yet moved to the route table: registered through `pages`). */
export const webhooksFeature: Feature = {
  name: "webhooks",
  pages: (app, ctx) => registerWebhookRoutes(app, ctx),
};
