import { savedFilterRoutes } from "@starboard/contract/routes/saved-filters";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as savedFilters from "./service.ts";

/** The signed-in user's saved filters: validate → authorize → service. */
export function savedFilterHandlers(ctx: AppContext) {
  return [
    handle(savedFilterRoutes.listSavedFilters, ({ actor, query, request }) =>
      savedFilters.listSavedFilters(ctx, actor, query, request.url),
    ),
    handle(savedFilterRoutes.createSavedFilter, ({ actor, body }) => savedFilters.createSavedFilter(ctx, actor, body)),
    handle(savedFilterRoutes.updateSavedFilter, ({ actor, params, body }) =>
      savedFilters.updateSavedFilter(ctx, actor, params.id, body),
    ),
    handle(savedFilterRoutes.deleteSavedFilter, ({ actor, params }) =>
      savedFilters.deleteSavedFilter(ctx, actor, params.id),
    ),
  ];
}
