import { unsubscribeRoutes } from "@starboard/contract/routes/unsubscribe";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import { unsubscribe } from "./service.ts";

/** Signed out: the link in the e-mail is the credential. */
export function unsubscribeHandlers(ctx: AppContext) {
  return [handle(unsubscribeRoutes.unsubscribe, ({ params }) => unsubscribe(ctx, params.kind, params.token))];
}
