import { ZRequestOverviewQuerySchema, ZRequestOverviewSchema } from "../request-overview.ts";
import { defineRoute } from "../route.ts";

/** The ask tool's overview (docs/api.md "Request overview"). */
export const requestOverviewRoutes = {
  requestOverview: defineRoute({
    method: "GET",
    path: "/api/request_overview",
    summary:
      "The review-request funnel (sent → delivered → opened → clicked → completed) and the reviews that came from requests, by source and location",
    tag: "request_overview",
    query: ZRequestOverviewQuerySchema,
    response: ZRequestOverviewSchema,
    access: { action: "read", resource: "request" },
  }),
};
