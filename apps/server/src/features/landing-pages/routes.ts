import { landingPageRoutes } from "@starboard/contract/routes/landing-pages";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as landing from "./service.ts";

/** The account's landing page settings (`request_page`). The public pages are in pages.ts. */
export function landingPageHandlers(ctx: AppContext) {
  return [
    handle(landingPageRoutes.getRequestPage, ({ actor, query }) =>
      landing.getRequestPage(ctx, actor, query.account_id),
    ),
    handle(landingPageRoutes.updateRequestPage, ({ actor, body }) => landing.updateRequestPage(ctx, actor, body)),
  ];
}
