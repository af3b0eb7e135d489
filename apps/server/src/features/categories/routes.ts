import { categoryRoutes } from "@starboard/contract/routes/location-details";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as categories from "./service.ts";

/** Business and photo categories (reference data). */
export function categoryHandlers(ctx: AppContext) {
  return [
    handle(categoryRoutes.listCategories, ({ actor, query, request }) =>
      categories.listCategories(ctx, actor, query, request.url),
    ),
    handle(categoryRoutes.getCategory, ({ params }) => categories.getCategory(ctx, params.id)),
    handle(categoryRoutes.listMediaCategories, ({ query, request }) =>
      categories.listMediaCategories(ctx, query, request.url),
    ),
  ];
}
