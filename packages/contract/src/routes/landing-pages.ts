import { ZRequestPageQuerySchema, ZRequestPageSchema, ZRequestPageWriteSchema } from "../landing-pages.ts";
import { defineRoute } from "../route.ts";

const tag = "landing_pages";

/**
 * The account's landing page settings (`request_page`). The public pages themselves (`/r/{token}`,
 * `/feedback/{locationId}/{kind}`, `/kiosk/{locationId}`) are HTML outside /api (docs/api.md,
 * "Landing pages and kiosk"); their addresses come from `GET /api/locations/{id}/landing_pages`.
 */
export const landingPageRoutes = {
  getRequestPage: defineRoute({
    method: "GET",
    path: "/api/request_page",
    summary: "The account's landing page settings (contact e-mail, contact number, logo)",
    tag,
    query: ZRequestPageQuerySchema,
    response: ZRequestPageSchema,
    access: { action: "read", resource: "request" },
  }),
  updateRequestPage: defineRoute({
    method: "PUT",
    path: "/api/request_page",
    summary: "Saves the account's landing page settings",
    tag,
    body: ZRequestPageWriteSchema,
    response: ZRequestPageSchema,
    access: { action: "update", resource: "campaign" },
  }),
};
