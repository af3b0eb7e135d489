import { ZResponseCreateSchema, ZResponseListQuerySchema } from "@starboard/contract/reviews";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authorize } from "../../platform/access.ts";
import { actorOf } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import * as responses from "./service.ts";

const tags = ["responses"];
const ZIdParams = z.object({ id: z.string().max(100) });

/** Responses to reviews: list, publish through the review's source, delete (reviews.md §4). */
export function registerResponseRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/responses", { schema: { tags, querystring: ZResponseListQuerySchema } }, async (request) => {
    const actor = actorOf(request);
    authorize(actor, "read", "review");
    const q = request.query;
    return responses.listResponses(ctx, actor, q.review_id, { url: request.url, page: q.page, perPage: q.per_page });
  });

  r.get(
    "/api/responses/:id",
    { schema: { tags, params: ZIdParams }, config: { idResource: "responses" } },
    async (request) => {
      const actor = actorOf(request);
      authorize(actor, "read", "review");
      return responses.getResponse(ctx, actor, request.params.id);
    },
  );

  r.post("/api/responses", { schema: { tags, body: ZResponseCreateSchema } }, async (request, reply) => {
    const actor = actorOf(request);
    authorize(actor, "respond", "review");
    return reply.status(201).send(await responses.createResponse(ctx, actor, request.body));
  });

  r.delete(
    "/api/responses/:id",
    { schema: { tags, params: ZIdParams }, config: { idResource: "responses" } },
    async (request, reply) => {
      const actor = actorOf(request);
      authorize(actor, "delete", "response");
      return reply.status(202).send(await responses.deleteResponse(ctx, actor, request.params.id));
    },
  );
}
