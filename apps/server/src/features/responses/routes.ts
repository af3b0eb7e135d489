import { responseRoutes } from "@starboard/contract/routes/responses";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as responses from "./service.ts";

/** Responses to reviews: list, publish through the review's source, delete (docs/product/reviews.md §4). */
export function responseHandlers(ctx: AppContext) {
  return [
    handle(responseRoutes.listResponses, ({ actor, query, request }) =>
      responses.listResponses(ctx, actor, query, request.url),
    ),
    handle(responseRoutes.getResponse, ({ actor, params }) => responses.getResponse(ctx, actor, params.id)),
    handle(responseRoutes.createResponse, ({ actor, body }) => responses.createResponse(ctx, actor, body)),
    handle(responseRoutes.deleteResponse, ({ actor, params }) => responses.deleteResponse(ctx, actor, params.id)),
    handle(responseRoutes.retryResponse, ({ actor, params }) => responses.retryResponse(ctx, actor, params.id)),
  ];
}
