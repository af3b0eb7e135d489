import { ZNotifySchema } from "@starboard/contract/system";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { recordEvent } from "./service.ts";

export function registerWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post("/api/webhooks/notify", { schema: { tags: ["webhooks"], body: ZNotifySchema } }, async (request, reply) =>
    reply.status(202).send(await recordEvent(ctx, actorOf(request), request.body)),
  );
}
