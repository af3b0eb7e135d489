import type { AppContext } from "../../platform/context.ts";
import { rebuildAllDailyStats, refreshDailyStats } from "./rollup.ts";

export const REBUILD_DAILY_STATS = "metrics.rebuild-daily-stats";
export const REFRESH_DAILY_STATS = "metrics.refresh-daily-stats";

/**
 * The nightly rebuild of every account's roll-ups, and the recount of one account (after a change of its
 * time zone, which moves every day). Writes of reviews and responses need neither: migration 0009.
 */
export async function registerMetricsJobs(ctx: AppContext) {
  ctx.jobs.define({
    name: REBUILD_DAILY_STATS,
    options: { retryLimit: 2, expireInSeconds: 60 * 60 },
    handler: async () => {
      const accounts = await rebuildAllDailyStats(ctx.database);
      ctx.log.info({ accounts }, "daily stats rebuilt");
    },
  });
  ctx.jobs.define<{ accountId: string }>({
    name: REFRESH_DAILY_STATS,
    handler: async (data) => refreshDailyStats(ctx.database, data),
  });
  // ROLLUP_REBUILD_CRON (config.ts): when, or `off`; not set for a command-line tool: as stored.
  await ctx.jobs.configureSchedule(
    { name: REBUILD_DAILY_STATS, job: REBUILD_DAILY_STATS },
    ctx.config.rollupRebuildCron,
  );
}
