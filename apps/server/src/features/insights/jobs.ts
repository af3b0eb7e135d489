import { sql } from "kysely";
import type { AppContext } from "../../platform/context.ts";
import { modelVersion } from "../analysis/index.ts";
import { analyzeReview } from "../ingestion/index.ts";
import { accountVertical, countAccountReviews, findRun, reviewBatch } from "./queries.ts";

export const REANALYZE_JOB = "insights.reanalyze";

/** Reviews analysed and written per transaction (the progress moves by this much). */
export const REANALYSIS_BATCH = 200;

/**
 * One re-analysis run: the account's reviews in id order, a batch per transaction (their sentiment,
 * categories and mentions replaced, the run's `done` and cursor moved on in the same transaction), so a
 * retry after a crash resumes after the last batch written. The keyword and category roll-ups follow
 * by their triggers (migrations 0009, 0015). Each review records the model version that analysed it
 * (`reviews.analysis_version`, migration 0029).
 */
export async function runReanalysis(ctx: AppContext, runId: string, batchSize = REANALYSIS_BATCH) {
  const db = ctx.database.db;
  const run = await findRun(db, runId);
  if (!run || run.status === "done" || run.status === "failed") return;
  const total = await countAccountReviews(db, run.account_id);
  await db
    .updateTable("analysis_runs")
    .set({ status: "running", total: Math.max(total, run.done), started_at: run.started_at ?? new Date() })
    .where("id", "=", runId)
    .execute();
  const vertical = await accountVertical(db, run.account_id);
  let cursor = run.last_review_id;
  try {
    for (;;) {
      const batch = await reviewBatch(db, run.account_id, cursor, batchSize);
      if (!batch.length) break;
      const analysed = batch.map((r) => ({ review: r, analysis: analyzeReview(r, vertical) }));
      await db.transaction().execute(async (trx) => {
        const ids = batch.map((r) => r.id);
        await trx.deleteFrom("review_mentions").where("review_id", "in", ids).execute();
        const mentions = analysed.flatMap(({ review, analysis }) =>
          analysis.mentions.map((m) => ({
            account_id: run.account_id,
            review_id: review.id,
            location_id: review.location_id,
            source_id: review.source_id,
            published_at: review.published_at,
            keyword: m.keyword,
            category: m.category,
            sentiment: m.sentiment,
          })),
        );
        for (let i = 0; i < mentions.length; i += 2000) {
          await trx
            .insertInto("review_mentions")
            .values(mentions.slice(i, i + 2000))
            .execute();
        }
        // Each review records the model version; sentiment and categories are written only where they
        // change (the metrics roll-ups recount only those reviews' days, migration 0009).
        const rows = analysed.map(({ review, analysis }) => ({
          id: review.id,
          sentiment: analysis.sentiment,
          categories: analysis.categories,
        }));
        await sql`
          UPDATE reviews r
          SET sentiment = CASE WHEN (r.sentiment, r.categories) IS DISTINCT FROM (v.sentiment, v.categories)
                THEN v.sentiment ELSE r.sentiment END,
              categories = CASE WHEN (r.sentiment, r.categories) IS DISTINCT FROM (v.sentiment, v.categories)
                THEN v.categories ELSE r.categories END,
              analysis_version = ${modelVersion()}
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id uuid, sentiment smallint, categories text[])
          WHERE r.id = v.id`.execute(trx);
        cursor = batch[batch.length - 1]!.id;
        await trx
          .updateTable("analysis_runs")
          .set((eb) => ({ done: eb("done", "+", batch.length), last_review_id: cursor }))
          .where("id", "=", runId)
          .execute();
      });
    }
    await db
      .updateTable("analysis_runs")
      .set((eb) => ({ status: "done", finished_at: new Date(), total: eb.ref("done") }))
      .where("id", "=", runId)
      .execute();
  } catch (error) {
    await db
      .updateTable("analysis_runs")
      .set({ status: "failed", error: error instanceof Error ? error.message : String(error), finished_at: new Date() })
      .where("id", "=", runId)
      .execute();
    ctx.log.error({ err: error, runId }, "re-analysis failed");
  }
}

export function registerInsightsJobs(ctx: AppContext) {
  ctx.jobs.define<{ runId: string }>({
    name: REANALYZE_JOB,
    options: { retryLimit: 2, expireInSeconds: 6 * 60 * 60 },
    handler: async (data) => runReanalysis(ctx, data.runId),
  });
}
