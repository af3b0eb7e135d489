import { accountsFeature } from "./features/accounts/index.ts";
import { alertsFeature } from "./features/alerts/index.ts";
import { authFeature } from "./features/auth/index.ts";
import { demoFeature } from "./features/demo/index.ts";
import { geoFeature } from "./features/geo/index.ts";
import { groupsFeature } from "./features/groups/index.ts";
import { healthFeature } from "./features/health/index.ts";
import { ingestionFeature } from "./features/ingestion/index.ts";
import { locationsFeature } from "./features/locations/index.ts";
import { metricsFeature } from "./features/metrics/index.ts";
import { responsesFeature } from "./features/responses/index.ts";
import { reviewsFeature } from "./features/reviews/index.ts";
import { sourcesFeature } from "./features/sources/index.ts";
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
    geoFeature,
    accountsFeature,
    usersFeature,
    groupsFeature,
    locationsFeature,
    webhooksFeature,
    triageFeature,
    unsubscribeFeature,
    reviewsFeature,
    tagsFeature,
    responsesFeature,
    sourcesFeature,
    ...(demo ? [demoFeature] : []),
    ingestionFeature,
    metricsFeature,
    alertsFeature,
  ];
}
