import type { Feature } from "../../platform/feature.ts";
import { registerInsightsJobs } from "./jobs.ts";
import { insightsHandlers } from "./routes.ts";
import { reanalyzeAfterModelChange } from "./service.ts";

/** Insights: keywords and experience categories with sentiment (reviews.md §2, §3, §7), and re-analysis. */
export const insightsFeature: Feature = {
  name: "insights",
  routes: insightsHandlers,
  jobs: (ctx) => {
    registerInsightsJobs(ctx);
    // A process that starts working the queues with a model other than its reviews' re-analyses them.
    ctx.jobs.onWorkStart("insights.model-version", async () => {
      await reanalyzeAfterModelChange(ctx);
    });
  },
};

export { REANALYZE_JOB } from "./jobs.ts";
/** A re-analysis of an account's reviews (after a model change), enqueued with the change that causes it. */
/** The keyword and category rows of the insights API for a parsed review filter (the exports). */
export {
  categoryRankOf,
  checkInsightsOn,
  type KeywordExportQuery,
  keywordListPages,
  keywordReviewPages,
  requestReanalysis,
} from "./service.ts";
