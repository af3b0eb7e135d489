import { triageRoutes } from "@starboard/contract/routes/triage";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import { presentTriage, type SeenRequest } from "./presenter.ts";
import * as triage from "./service.ts";
import { suggestedReply } from "./suggest.ts";

function seen(request: FastifyRequest): SeenRequest {
  return {
    method: request.method,
    protocol: request.protocol,
    httpVersion: request.raw.httpVersion,
    url: request.url,
    ip: request.ip,
    ips: request.ips,
    id: String(request.id),
    headers: request.headers,
  };
}

/**
 * Network diagnostics for the triage page, signed in or not, for every method the page tries
 * (a POST with X-HTTP-Method-Override arrives here as that method).
 */
export function triageHandlers(ctx: AppContext) {
  return [
    triageRoutes.getTriage,
    triageRoutes.postTriage,
    triageRoutes.putTriage,
    triageRoutes.patchTriage,
    triageRoutes.deleteTriage,
  ]
    .map((route) => handle(route, ({ request }) => presentTriage(seen(request))))
    .concat([
      // Review triage: assignment and bulk changes (Managers and Admins assign; see policy.ts).
      handle(triageRoutes.assignReview, ({ actor, params, body }) =>
        triage.assignReview(ctx, actor, params.id, body.user_id),
      ),
      handle(triageRoutes.listAssignees, ({ actor, query }) => triage.listAssignees(ctx, actor, query.account_id)),
      handle(triageRoutes.createBulkAction, ({ actor, body }) => triage.createBulkAction(ctx, actor, body)),
      handle(triageRoutes.listBulkActions, ({ actor, query }) => triage.listBulkActions(ctx, actor, query.account_id)),
      handle(triageRoutes.undoBulkAction, ({ actor, body }) => triage.undoBulkAction(ctx, actor, body)),
      handle(triageRoutes.suggestedReply, ({ actor, params }) => suggestedReply(ctx, actor, params.id)),
    ]);
}
