import { locationRoutes } from "@starboard/contract/routes/locations";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as locations from "./service.ts";

/** Locations: validate (the route's schemas) → authorize → service. */
export function locationHandlers(ctx: AppContext) {
  return [
    handle(locationRoutes.listLocations, ({ actor, query, request }) =>
      locations.listLocations(ctx, actor, query, request.url),
    ),
    handle(locationRoutes.getLocation, ({ actor, params }) => locations.getLocation(ctx, actor, params.id)),
    handle(locationRoutes.createLocation, ({ actor, body }) => locations.createLocation(ctx, actor, body)),
    handle(locationRoutes.updateLocation, ({ actor, params, body }) =>
      locations.updateLocation(ctx, actor, params.id, body),
    ),
    handle(locationRoutes.replaceLocation, ({ actor, params, body }) =>
      locations.updateLocation(ctx, actor, params.id, body),
    ),
    handle(locationRoutes.deleteLocation, ({ actor, params }) => locations.deleteLocation(ctx, actor, params.id)),
  ];
}
