import { ZMetricsOverviewSchema, ZMetricsQuerySchema } from "../metrics.ts";
import { defineRoute } from "../route.ts";
import { z } from "../zod.ts";

const tag = "metrics";

/** Dashboard metrics. */
export const metricsRoutes = {
  metricsOverview: defineRoute({
    method: "GET",
    path: "/api/metrics/:account_id/overview",
    summary: "The dashboard's numbers (totals, ratings, responses, sentiment, sources, trend) for the review filter",
    tag,
    params: z.object({ account_id: z.string().max(100) }),
    query: ZMetricsQuerySchema,
    response: ZMetricsOverviewSchema,
    access: { action: "read", resource: "metrics" },
  }),
};
