import { metricsRoutes } from "@starboard/contract/routes/metrics";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import { metricsOverview } from "./service.ts";

/** The dashboard's overview: validate (the route's schemas) → authorize (read metrics) → service. */
export function metricsHandlers(ctx: AppContext) {
  return [
    handle(metricsRoutes.metricsOverview, ({ actor, params, query }) =>
      metricsOverview(ctx, actor, params.account_id, query),
    ),
  ];
}
