import { reviewRoutes } from "@starboard/contract/routes/reviews";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as reviews from "./service.ts";

/** The review list, detail, status label and history: validate (the route's schemas) → authorize → service. */
export function reviewHandlers(ctx: AppContext) {
  return [
    handle(reviewRoutes.listReviews, ({ actor, query, request }) =>
      reviews.listReviews(ctx, actor, query, request.url),
    ),
    handle(reviewRoutes.getReview, ({ actor, params }) => reviews.getReview(ctx, actor, params.id)),
    handle(reviewRoutes.updateReview, ({ actor, params, body }) => reviews.updateReview(ctx, actor, params.id, body)),
    handle(reviewRoutes.reviewHistory, ({ actor, params, query, request }) =>
      reviews.reviewHistory(ctx, actor, params.id, { page: query.page, perPage: query.per_page, url: request.url }),
    ),
  ];
}
