import { requestSendingRoutes } from "@starboard/contract/routes/request-sending";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import { receiveBounce } from "./bounce.ts";
import * as sending from "./service.ts";

export function requestSendingHandlers(ctx: AppContext) {
  return [
    handle(requestSendingRoutes.getRequestSettings, ({ actor, query }) =>
      sending.getSettings(ctx, actor, query.account_id),
    ),
    handle(requestSendingRoutes.updateRequestSettings, ({ actor, query, body }) =>
      sending.updateSettings(ctx, actor, query.account_id, body),
    ),
    handle(requestSendingRoutes.emailBounce, ({ body }) => receiveBounce(ctx, body)),
  ];
}
