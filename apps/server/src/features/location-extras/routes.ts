import { locationExtraRoutes, sourceOverrideRoutes } from "@starboard/contract/routes/location-details";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as extras from "./service.ts";

/** Directory overrides, billing preview, local-listing eligibility and landing pages. */
export function locationExtraHandlers(ctx: AppContext) {
  return [
    handle(sourceOverrideRoutes.listSourceOverrides, ({ actor, query, request }) =>
      extras.listOverrides(ctx, actor, query, request.url),
    ),
    handle(sourceOverrideRoutes.listOverrideDirectories, () => extras.listOverrideDirectories(ctx)),
    handle(sourceOverrideRoutes.createSourceOverride, ({ actor, body }) => extras.createOverride(ctx, actor, body)),
    handle(sourceOverrideRoutes.updateSourceOverride, ({ actor, params, body }) =>
      extras.patchOverride(ctx, actor, params.id, body),
    ),
    handle(locationExtraRoutes.locationPreview, ({ actor, params, query }) =>
      extras.locationPreview(ctx, actor, params.accountId, query.num_added_locations),
    ),
    handle(locationExtraRoutes.eligibleLocation, ({ actor, params, query }) =>
      extras.eligibility(ctx, actor, params.id, query.account_id),
    ),
    handle(locationExtraRoutes.landingPages, ({ actor, params, query }) =>
      extras.landingPages(ctx, actor, params.id, query.account_id),
    ),
  ];
}
