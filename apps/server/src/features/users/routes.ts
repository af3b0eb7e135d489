import { ZListQuerySchema } from "@starboard/contract/hal";
import {
  ZUserCreateSchema,
  ZUserListQuerySchema,
  ZUserReplaceSchema,
  ZUserUpdateSchema,
} from "@starboard/contract/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import * as users from "./service.ts";

const tags = ["users"];
const ZIdParams = z.object({ id: z.string().max(100) });
const idConfig = { idResource: "users" };

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/users", { schema: { tags, querystring: ZUserListQuerySchema } }, async (request) =>
    users.listUsers(ctx, actorOf(request), request.query, request.url),
  );
  r.get("/api/users/:id", { schema: { tags, params: ZIdParams }, config: idConfig }, async (request) =>
    users.getUser(ctx, actorOf(request), request.params.id),
  );
  r.post("/api/users", { schema: { tags, body: ZUserCreateSchema } }, async (request, reply) =>
    reply.status(201).send(await users.createUser(ctx, actorOf(request), request.body)),
  );
  r.patch(
    "/api/users/:id",
    { schema: { tags, params: ZIdParams, body: ZUserUpdateSchema }, config: idConfig },
    async (request) => users.updateUser(ctx, actorOf(request), request.params.id, request.body),
  );
  r.put(
    "/api/users/:id",
    { schema: { tags, params: ZIdParams, body: ZUserReplaceSchema }, config: idConfig },
    async (request) => users.updateUser(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete("/api/users/:id", { schema: { tags, params: ZIdParams }, config: idConfig }, async (request, reply) => {
    await users.deleteUser(ctx, actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  r.get(
    "/api/user_types",
    { schema: { tags, querystring: ZListQuerySchema }, config: { shared: true } },
    async (request) => users.listUserTypes(ctx, request.query, request.url),
  );
}
