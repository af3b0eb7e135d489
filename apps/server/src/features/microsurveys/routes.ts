import { microsurveyRoutes } from "@starboard/contract/routes/microsurveys";
import { requestOverviewRoutes } from "@starboard/contract/routes/request-overview";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as surveys from "./service.ts";

/** Microsurveys, their summaries and the ask tool's overview: validate → authorize → service. */
export function microsurveyHandlers(ctx: AppContext) {
  const r = microsurveyRoutes;
  return [
    handle(r.listMicrosurveys, ({ actor, query, request }) => surveys.listMicrosurveys(ctx, actor, query, request.url)),
    handle(r.getMicrosurvey, ({ actor, params, query }) =>
      surveys.getMicrosurvey(ctx, actor, params.id, query.account_id),
    ),
    handle(r.createMicrosurvey, ({ actor, body }) => surveys.createMicrosurvey(ctx, actor, body)),
    handle(r.updateMicrosurvey, ({ actor, params, body }) => surveys.updateMicrosurvey(ctx, actor, params.id, body)),
    handle(r.deleteMicrosurvey, ({ actor, params }) => surveys.deleteMicrosurvey(ctx, actor, params.id)),
    handle(r.microsurveySummaries, ({ actor, params, query }) =>
      surveys.microsurveySummaries(ctx, actor, params.id, query),
    ),
    handle(requestOverviewRoutes.requestOverview, ({ actor, query }) => surveys.requestOverview(ctx, actor, query)),
  ];
}
