import { UNSUBSCRIBE_KINDS } from "@starboard/contract/system";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../platform/context.ts";
import { unsubscribe } from "./service.ts";

const ZParams = z.object({ kind: z.enum(UNSUBSCRIBE_KINDS), token: z.string().min(1).max(200) });

/** Signed out: the link in the e-mail is the credential. */
export function registerUnsubscribeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/unsubscribe/:kind/:token",
    { config: { auth: false }, schema: { tags: ["unsubscribe"], params: ZParams } },
    async (request) => unsubscribe(ctx, request.params.kind, request.params.token),
  );
}
