import type { Feature } from "../../platform/feature.ts";
import { registerLandingPages } from "./pages.ts";
import { landingPageHandlers } from "./routes.ts";

/**
 * Landing pages and the kiosk (issue 16): the public pages `/feedback/{locationId}/{kind}`, `/kiosk/{locationId}`
 * and `/r/{token}` (server-rendered, rate-limited, no review gating), whose answers become reviews of the
 * feedback source; and the account's landing page settings (`request_page`).
 */
export const landingPagesFeature: Feature = {
  name: "landing-pages",
  routes: landingPageHandlers,
  pages: (app, ctx) => registerLandingPages(app, ctx),
};
