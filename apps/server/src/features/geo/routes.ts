import { geoRoutes } from "@starboard/contract/routes/geo";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as geo from "./service.ts";

/** Countries and states: read-only reference data for address forms. */
export function geoHandlers(ctx: AppContext) {
  return [
    handle(geoRoutes.listCountries, ({ query, request }) => geo.listCountries(ctx, query, request.url)),
    handle(geoRoutes.getCountry, ({ params }) => geo.getCountry(ctx, params.id)),
    handle(geoRoutes.listStates, ({ query, request }) => geo.listStates(ctx, query, request.url)),
    handle(geoRoutes.getState, ({ params }) => geo.getState(ctx, params.id)),
  ];
}
