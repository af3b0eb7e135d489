import type { AppContext } from "../../platform/context.ts";
import { ALERTS_INSTANT_JOB } from "../alerts/index.ts";
import { sandboxesOf } from "../sandboxes/index.ts";
import { processImport } from "./import.ts";
import { syncableTargets, syncLocationSource } from "./sync.ts";

export const SYNC_JOB = "ingestion.sync";
export const SYNC_ALL_JOB = "ingestion.sync-all";
export const IMPORT_JOB = "reviews.import";

/**
 * The priority of a sync a user asked for (POST /api/locations/{id}/sync): ahead of the scheduled ones waiting in
 * the same queue (priority 0). Every four hours (REVIEW_SYNC_CRON) SYNC_ALL_JOB queues a sync of every listing at
 * once (191 in the demo, some minutes of work), and a user who pressed Sync then would otherwise wait for all of
 * them.
 */
export const ASKED_SYNC_PRIORITY = 10;

export async function registerIngestionJobs(ctx: AppContext) {
  ctx.jobs.define<{ locationId: string; sourceId: string }>({
    name: SYNC_JOB,
    concurrency: 2,
    options: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
    handler: async (data) => {
      const result = await syncLocationSource(ctx.database, data, {
        // A demo (sandbox) account's listing is read from this app's sandbox (sync.ts).
        connectorOptions: { sandboxBaseUrls: sandboxesOf(ctx)?.baseUrls ?? {} },
        // The alerts job commits with the new reviews. The first sync of a listing is a backfill:
        // its reviews go to digests, not one e-mail each.
        inTransaction: async (trx, seen) => {
          if (seen.newReviewIds.length > 0 && !seen.firstSync) {
            await ctx.jobs.send(ALERTS_INSTANT_JOB, { reviewIds: seen.newReviewIds }, { trx });
          }
        },
      });
      ctx.log.info({ ...data, ...result, newReviewIds: result.newReviewIds.length }, "review sync");
    },
  });
  ctx.jobs.define<{ scheduled_for?: string }>({
    name: SYNC_ALL_JOB,
    handler: async (data) => {
      const slot = data.scheduled_for ?? new Date().toISOString();
      const targets = await syncableTargets(ctx.database);
      for (const t of targets) {
        await ctx.jobs.send(SYNC_JOB, t, { singletonKey: `${t.locationId}:${t.sourceId}@${slot}` });
      }
      ctx.log.info({ targets: targets.length, slot }, "review syncs enqueued");
    },
  });
  ctx.jobs.define<{ importId: string }>({
    name: IMPORT_JOB,
    options: { retryLimit: 2, expireInSeconds: 60 * 60 },
    handler: async (data) => {
      await processImport(ctx.database, data.importId);
    },
  });
  // One sync job per connected (location, source), every four hours unless REVIEW_SYNC_CRON (config.ts) says
  // otherwise or `off`; not set for a command-line tool: as stored.
  await ctx.jobs.configureSchedule({ name: SYNC_ALL_JOB, job: SYNC_ALL_JOB }, ctx.config.reviewSyncCron);
}
