import { groupRoutes } from "@starboard/contract/routes/groups";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as groups from "./service.ts";

/** Groups of locations: validate (the route's schemas) → authorize → service. */
export function groupHandlers(ctx: AppContext) {
  return [
    handle(groupRoutes.listGroups, ({ actor, query, request }) => groups.listGroups(ctx, actor, query, request.url)),
    handle(groupRoutes.getGroup, ({ actor, params }) => groups.getGroup(ctx, actor, params.id)),
    handle(groupRoutes.createGroup, ({ actor, body }) => groups.createGroup(ctx, actor, body)),
    handle(groupRoutes.updateGroup, ({ actor, params, body }) => groups.updateGroup(ctx, actor, params.id, body)),
    handle(groupRoutes.replaceGroup, ({ actor, params, body }) => groups.updateGroup(ctx, actor, params.id, body)),
    handle(groupRoutes.deleteGroup, ({ actor, params }) => groups.deleteGroup(ctx, actor, params.id)),
  ];
}
