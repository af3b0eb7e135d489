import { webhookRoutes } from "@starboard/contract/routes/webhooks";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import { recordEvent } from "./service.ts";

/** POST /api/webhooks/notify: validate (the route's schema) → service. */
export function webhookHandlers(ctx: AppContext) {
  return [handle(webhookRoutes.notify, ({ actor, body }) => recordEvent(ctx, actor, body))];
}
