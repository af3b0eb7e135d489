import { userRoutes } from "@starboard/contract/routes/users";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as users from "./service.ts";

/** Users and user types: validate (the route's schemas) → authorize → service. */
export function userHandlers(ctx: AppContext) {
  return [
    handle(userRoutes.listUsers, ({ actor, query, request }) => users.listUsers(ctx, actor, query, request.url)),
    handle(userRoutes.getUser, ({ actor, params }) => users.getUser(ctx, actor, params.id)),
    handle(userRoutes.createUser, ({ actor, body }) => users.createUser(ctx, actor, body)),
    handle(userRoutes.updateUser, ({ actor, params, body }) => users.updateUser(ctx, actor, params.id, body)),
    // PUT: the full set of details, through the same rules as PATCH.
    handle(userRoutes.replaceUser, ({ actor, params, body }) => users.updateUser(ctx, actor, params.id, body)),
    handle(userRoutes.deleteUser, ({ actor, params }) => users.deleteUser(ctx, actor, params.id)),
    handle(userRoutes.listUserTypes, ({ query, request }) => users.listUserTypes(ctx, query, request.url)),
  ];
}
