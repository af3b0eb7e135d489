import { ZReviewHistoryQuerySchema, ZReviewListQuerySchema, ZReviewUpdateSchema } from "@starboard/contract/reviews";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app.ts";
import { authorize } from "../../platform/access.ts";
import { actorOf } from "../../platform/auth.ts";
import { registerReviewResources } from "./resources.ts";
import * as reviews from "./service.ts";

const tags = ["reviews"];
const ZIdParams = z.object({ id: z.string().max(100) });

/** The review list, detail and history, plus status labels, notes and response templates. */
export function registerReviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/reviews", { schema: { tags, querystring: ZReviewListQuerySchema } }, async (request) => {
    const actor = actorOf(request);
    authorize(actor, "read", "review");
    return reviews.listReviews(ctx, actor, request.query, request.url);
  });

  r.get(
    "/api/reviews/:id",
    { schema: { tags, params: ZIdParams }, config: { idResource: "reviews" } },
    async (request) => {
      const actor = actorOf(request);
      authorize(actor, "read", "review");
      return reviews.getReview(ctx, actor, request.params.id);
    },
  );

  r.patch(
    "/api/reviews/:id",
    { schema: { tags, params: ZIdParams, body: ZReviewUpdateSchema }, config: { idResource: "reviews" } },
    async (request) => {
      const actor = actorOf(request);
      authorize(actor, "update", "review");
      return reviews.updateReview(ctx, actor, request.params.id, request.body);
    },
  );

  r.get(
    "/api/reviews/:id/history",
    { schema: { tags, params: ZIdParams, querystring: ZReviewHistoryQuerySchema }, config: { idResource: "reviews" } },
    async (request) => {
      const actor = actorOf(request);
      authorize(actor, "read", "review");
      return reviews.reviewHistory(ctx, actor, request.params.id, {
        page: request.query.page,
        perPage: request.query.per_page,
        url: request.url,
      });
    },
  );

  registerReviewResources(app, ctx);
}
