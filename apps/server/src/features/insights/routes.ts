import { insightsRoutes } from "@starboard/contract/routes/insights";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as insights from "./service.ts";

/** Keywords, experience categories and re-analysis: validate → authorize (read insights) → service. */
export function insightsHandlers(ctx: AppContext) {
  return [
    handle(insightsRoutes.listMentioned, ({ actor, params, query }) =>
      insights.listMentioned(ctx, actor, params.account_id, query),
    ),
    handle(insightsRoutes.getKeywordDetails, ({ actor, params, query }) =>
      insights.getKeywordDetails(ctx, actor, params.account_id, query),
    ),
    handle(insightsRoutes.listKeywordReviews, ({ actor, params, query, request }) =>
      insights.listKeywordReviews(ctx, actor, params.account_id, query, request.url),
    ),
    handle(insightsRoutes.listCategories, ({ actor, params, query }) =>
      insights.listCategories(ctx, actor, params.account_id, query),
    ),
    handle(insightsRoutes.getCategoryRank, ({ actor, params, query }) =>
      insights.getCategoryRank(ctx, actor, params.account_id, query),
    ),
    handle(insightsRoutes.listInsights, ({ actor, query, request }) =>
      insights.listInsights(ctx, actor, query, request.url),
    ),
    handle(insightsRoutes.getReviewKeywords, ({ actor, params }) => insights.getReviewKeywords(ctx, actor, params.id)),
    handle(insightsRoutes.startReanalysis, ({ actor, params, body }) =>
      insights.startReanalysis(ctx, actor, params.account_id, body),
    ),
    handle(insightsRoutes.getReanalysis, ({ actor, params }) => insights.getReanalysis(ctx, actor, params.account_id)),
  ];
}
