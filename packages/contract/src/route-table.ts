import type { RouteDefinition } from "./route.ts";
import { accountRoutes } from "./routes/accounts.ts";
import { alertRoutes } from "./routes/alerts.ts";
import { auditRoutes } from "./routes/audit.ts";
import { authRoutes } from "./routes/auth.ts";
import { campaignRoutes } from "./routes/campaigns.ts";
import { customerRoutes } from "./routes/customers.ts";
import { exportRoutes } from "./routes/exports.ts";
import { geoRoutes } from "./routes/geo.ts";
import { groupRoutes } from "./routes/groups.ts";
import { healthRoutes } from "./routes/health.ts";
import { ingestionRoutes } from "./routes/ingestion.ts";
import { insightsRoutes } from "./routes/insights.ts";
import { landingPageRoutes } from "./routes/landing-pages.ts";
import {
  categoryRoutes,
  locationExtraRoutes,
  npiRoutes,
  sourceOverrideRoutes,
  specialHoursRoutes,
} from "./routes/location-details.ts";
import { locationRoutes } from "./routes/locations.ts";
import { metricsRoutes } from "./routes/metrics.ts";
import { microsurveyRoutes } from "./routes/microsurveys.ts";
import { requestOverviewRoutes } from "./routes/request-overview.ts";
import { requestSendingRoutes } from "./routes/request-sending.ts";
import { requestTemplateRoutes } from "./routes/request-templates.ts";
import { responseRoutes } from "./routes/responses.ts";
import { reviewRoutes } from "./routes/reviews.ts";
import { savedFilterRoutes } from "./routes/saved-filters.ts";
import { scheduledExportRoutes } from "./routes/scheduled-exports.ts";
import { smsRoutes } from "./routes/sms.ts";
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
  campaigns: campaignRoutes,
  auth: authRoutes,
  customers: customerRoutes,
  exports: exportRoutes,
  geo: geoRoutes,
  groups: groupRoutes,
  health: healthRoutes,
  ingestion: ingestionRoutes,
  insights: insightsRoutes,
  landingPages: landingPageRoutes,
  locations: locationRoutes,
  specialHours: specialHoursRoutes,
  categories: categoryRoutes,
  npi: npiRoutes,
  sourceOverrides: sourceOverrideRoutes,
  locationExtras: locationExtraRoutes,
  metrics: metricsRoutes,
  microsurveys: microsurveyRoutes,
  requestOverview: requestOverviewRoutes,
  responses: responseRoutes,
  reviews: reviewRoutes,
  requestTemplates: requestTemplateRoutes,
  requestSending: requestSendingRoutes,
  savedFilters: savedFilterRoutes,
  scheduledExports: scheduledExportRoutes,
  sources: sourceRoutes,
  tags: tagRoutes,
  triage: triageRoutes,
  sms: smsRoutes,
  unsubscribe: unsubscribeRoutes,
  users: userRoutes,
  webhooks: webhookRoutes,
} satisfies Record<string, Record<string, RouteDefinition>>;

export const ROUTES: RouteDefinition[] = Object.values(ROUTE_GROUPS).flatMap((group) => Object.values(group));
