import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app.ts";
import { registerAccountRoutes } from "./accounts/routes.ts";
import { registerAlerts } from "./alerts/routes.ts";
import { registerAuthRoutes } from "./auth/routes.ts";
import { registerDemoPhotoRoute } from "./demo/reviews.ts";
import { registerGeoRoutes } from "./geo/routes.ts";
import { registerGroupRoutes } from "./groups/routes.ts";
import { registerHealthRoutes } from "./health/routes.ts";
import { registerIngestion } from "./ingestion/routes.ts";
import { registerLocationRoutes } from "./locations/routes.ts";
import { registerMetrics } from "./metrics/routes.ts";
import { registerResponseJobs } from "./responses/jobs.ts";
import { registerResponseRoutes } from "./responses/routes.ts";
import { registerReviewRoutes } from "./reviews/routes.ts";
import { registerSourceRoutes } from "./sources/routes.ts";
import { registerTagRoutes } from "./tags/routes.ts";
import { registerTriageRoutes } from "./triage/routes.ts";
import { registerUnsubscribeRoutes } from "./unsubscribe/routes.ts";
import { registerUserRoutes } from "./users/routes.ts";
import { registerWebhookRoutes } from "./webhooks/routes.ts";

/** Every feature registers its routes and jobs here. */
export async function registerFeatures(app: FastifyInstance, ctx: AppContext) {
  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerGeoRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerGroupRoutes(app, ctx);
  registerLocationRoutes(app, ctx);
  registerWebhookRoutes(app, ctx);
  registerTriageRoutes(app, ctx);
  registerUnsubscribeRoutes(app, ctx);
  registerReviewRoutes(app, ctx);
  registerTagRoutes(app, ctx);
  registerResponseRoutes(app, ctx);
  registerResponseJobs(ctx);
  registerSourceRoutes(app, ctx);
  registerDemoPhotoRoute(app);
  await registerIngestion(app, ctx);
  await registerMetrics(app, ctx);
  await registerAlerts(app, ctx);
}
