import { specialHoursRoutes } from "@starboard/contract/routes/location-details";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as specialHours from "./service.ts";

/** Special (holiday) hours: validate (the route's schemas) → authorize → service. */
export function specialHoursHandlers(ctx: AppContext) {
  return [
    handle(specialHoursRoutes.listSpecialHours, ({ actor, query, request }) =>
      specialHours.listSpecialHours(ctx, actor, query, request.url),
    ),
    handle(specialHoursRoutes.createSpecialHours, ({ actor, body }) =>
      specialHours.createSpecialHours(ctx, actor, body),
    ),
    handle(specialHoursRoutes.updateSpecialHours, ({ actor, params, body }) =>
      specialHours.updateSpecialHours(ctx, actor, params.id, body),
    ),
    handle(specialHoursRoutes.deleteSpecialHours, ({ actor, params }) =>
      specialHours.deleteSpecialHours(ctx, actor, params.id),
    ),
  ];
}
