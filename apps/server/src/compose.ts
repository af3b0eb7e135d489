import { accountsFeature } from "./features/accounts/index.ts";
import { alertsFeature } from "./features/alerts/index.ts";
import { auditFeature } from "./features/audit/index.ts";
import { authFeature } from "./features/auth/index.ts";
import { campaignsFeature } from "./features/campaigns/index.ts";
import { categoriesFeature } from "./features/categories/index.ts";
import { customersFeature } from "./features/customers/index.ts";
import { demoFeature } from "./features/demo/index.ts";
import { exportsFeature } from "./features/exports/index.ts";
import { geoFeature } from "./features/geo/index.ts";
import { groupsFeature } from "./features/groups/index.ts";
import { healthFeature } from "./features/health/index.ts";
import { ingestionFeature } from "./features/ingestion/index.ts";
import { insightsFeature } from "./features/insights/index.ts";
import { landingPagesFeature } from "./features/landing-pages/index.ts";
import { locationExtrasFeature } from "./features/location-extras/index.ts";
import { locationsFeature } from "./features/locations/index.ts";
import { metricsFeature } from "./features/metrics/index.ts";
import { microsurveysFeature } from "./features/microsurveys/index.ts";
import { npiFeature, npiSandboxFeature } from "./features/npi/index.ts";
import { requestSendingFeature } from "./features/request-sending/index.ts";
import { requestTemplatesFeature } from "./features/request-templates/index.ts";
import { responsesFeature } from "./features/responses/index.ts";
import { reviewsFeature } from "./features/reviews/index.ts";
import { sandboxesFeature, twilioSandboxFeature } from "./features/sandboxes/index.ts";
import { savedFiltersFeature } from "./features/saved-filters/index.ts";
import { scheduledExportsFeature } from "./features/scheduled-exports/index.ts";
import { smsFeature } from "./features/sms/index.ts";
import { sourcesFeature } from "./features/sources/index.ts";
import { specialHoursFeature } from "./features/special-hours/index.ts";
import { tagsFeature } from "./features/tags/index.ts";
import { triageFeature } from "./features/triage/index.ts";
import { unsubscribeFeature } from "./features/unsubscribe/index.ts";
import { usersFeature } from "./features/users/index.ts";
import { webhooksFeature } from "./features/webhooks/index.ts";
import type { Feature } from "./platform/feature.ts";

/**
 * Every feature of the product, in registration order. `main.ts`, the CLI tools, the bench and the
 * test harness pass this list to `buildApp`. A new feature is one line here.
 * `demo`: include the demo's own routes (only where the demo exists: `npm start` on the embedded
 * database, `npm run seed:demo`, tests).
 */
export function productFeatures({ demo }: { demo: boolean }): Feature[] {
  return [
    healthFeature,
    authFeature,
    auditFeature,
    geoFeature,
    accountsFeature,
    usersFeature,
    groupsFeature,
    locationsFeature,
    specialHoursFeature,
    categoriesFeature,
    npiFeature,
    locationExtrasFeature,
    webhooksFeature,
    triageFeature,
    unsubscribeFeature,
    reviewsFeature,
    tagsFeature,
    customersFeature,
    requestTemplatesFeature,
    campaignsFeature,
    responsesFeature,
    sourcesFeature,
    ...(demo ? [demoFeature, sandboxesFeature, npiSandboxFeature] : []),
    ingestionFeature,
    metricsFeature,
    insightsFeature,
    alertsFeature,
    exportsFeature,
    savedFiltersFeature,
    scheduledExportsFeature,
    microsurveysFeature,
    requestSendingFeature,
    smsFeature,
    ...(demo ? [twilioSandboxFeature] : []),
    landingPagesFeature,
  ];
}
