import type { RouteDefinition } from "./route.ts";
import { accountRoutes } from "./routes/accounts.ts";
import { alertRoutes } from "./routes/alerts.ts";
import { auditRoutes } from "./routes/audit.ts";
import { authRoutes } from "./routes/auth.ts";
import { exportRoutes } from "./routes/exports.ts";
import { geoRoutes } from "./routes/geo.ts";
import { groupRoutes } from "./routes/groups.ts";
import { healthRoutes } from "./routes/health.ts";
import { ingestionRoutes } from "./routes/ingestion.ts";
import { insightsRoutes } from "./routes/insights.ts";
import {
  categoryRoutes,
  locationExtraRoutes,
  npiRoutes,
  sourceOverrideRoutes,
  specialHoursRoutes,
} from "./routes/location-details.ts";
import { locationRoutes } from "./routes/locations.ts";
import { metricsRoutes } from "./routes/metrics.ts";
import { responseRoutes } from "./routes/responses.ts";
import { reviewRoutes } from "./routes/reviews.ts";
import { savedFilterRoutes } from "./routes/saved-filters.ts";
import { scheduledExportRoutes } from "./routes/scheduled-exports.ts";
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
  audit: auditRoutes,
  auth: authRoutes,
  exports: exportRoutes,
  geo: geoRoutes,
  groups: groupRoutes,
  health: healthRoutes,
  ingestion: ingestionRoutes,
  insights: insightsRoutes,
  locations: locationRoutes,
  specialHours: specialHoursRoutes,
  categories: categoryRoutes,
  npi: npiRoutes,
  sourceOverrides: sourceOverrideRoutes,
  locationExtras: locationExtraRoutes,
  metrics: metricsRoutes,
  responses: responseRoutes,
  reviews: reviewRoutes,
  savedFilters: savedFilterRoutes,
  scheduledExports: scheduledExportRoutes,
  sources: sourceRoutes,
  tags: tagRoutes,
  triage: triageRoutes,
  unsubscribe: unsubscribeRoutes,
  users: userRoutes,
  webhooks: webhookRoutes,
} satisfies Record<string, Record<string, RouteDefinition>>;

export const ROUTES: RouteDefinition[] = Object.values(ROUTE_GROUPS).flatMap((group) => Object.values(group));
