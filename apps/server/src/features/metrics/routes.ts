import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authorize, resolveAccountId } from "../../platform/access.ts";
import { actorOf } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { ZMetricsQuerySchema } from "./filters.ts";
import { registerMetricsJobs } from "./jobs.ts";
import { metricsOverview } from "./service.ts";

const ZParams = z.object({ account_id: z.string().max(100) });

export async function registerMetrics(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/metrics/:account_id/overview",
    { schema: { params: ZParams, querystring: ZMetricsQuerySchema, tags: ["metrics"] } },
    async (request) => {
      const actor = actorOf(request);
      const accountId = await resolveAccountId(ctx.database, actor, request.params.account_id);
      authorize(actor, "read", "metrics");
      return metricsOverview(ctx.database, accountId, request.query);
    },
  );
  await registerMetricsJobs(ctx);
}
