import type { RouteDefinition } from "./route.ts";
import { accountRoutes } from "./routes/accounts.ts";
import { alertRoutes } from "./routes/alerts.ts";
import { authRoutes } from "./routes/auth.ts";
import { geoRoutes } from "./routes/geo.ts";
import { groupRoutes } from "./routes/groups.ts";
import { healthRoutes } from "./routes/health.ts";
import { ingestionRoutes } from "./routes/ingestion.ts";
import { locationRoutes } from "./routes/locations.ts";
import { metricsRoutes } from "./routes/metrics.ts";
import { responseRoutes } from "./routes/responses.ts";
import { reviewRoutes } from "./routes/reviews.ts";
import { sourceRoutes } from "./routes/sources.ts";
import { tagRoutes } from "./routes/tags.ts";
import { triageRoutes } from "./routes/triage.ts";
import { unsubscribeRoutes } from "./routes/unsubscribe.ts";
import { userRoutes } from "./routes/users.ts";
import { webhookRoutes } from "./routes/webhooks.ts";

/**
 * The route table: every API route, defined once in `routes/<feature>.ts`. The server registers a
 * handler for each (a test checks that the two lists are equal), the OpenAPI document
 * (`docs/openapi.json`) is generated from it, and the web client calls them by their definitions.
 */
export const ROUTE_GROUPS = {
  accounts: accountRoutes,
  alerts: alertRoutes,
  auth: authRoutes,
  geo: geoRoutes,
  groups: groupRoutes,
  health: healthRoutes,
  ingestion: ingestionRoutes,
  locations: locationRoutes,
  metrics: metricsRoutes,
  responses: responseRoutes,
  reviews: reviewRoutes,
  sources: sourceRoutes,
  tags: tagRoutes,
  triage: triageRoutes,
  unsubscribe: unsubscribeRoutes,
  users: userRoutes,
  webhooks: webhookRoutes,
} satisfies Record<string, Record<string, RouteDefinition>>;

export const ROUTES: RouteDefinition[] = Object.values(ROUTE_GROUPS).flatMap((group) => Object.values(group));
