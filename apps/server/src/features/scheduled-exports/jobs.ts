import type { AppContext } from "../../platform/context.ts";
import { claimDueRuns, deliverOpenRuns, dispatchInstant } from "./delivery.ts";

export const DISPATCH_JOB = "scheduled-exports.dispatch";
export const DISPATCH_SCHEDULE = "scheduled-exports.dispatch";

/**
 * One platform schedule, every minute: its job creates the runs of the scheduled exports due at the instant
 * (run-due's `--at`, or the minute) and delivers every open run. Each scheduled export keeps its own next send
 * (`next_run_at`, computed in the account's time zone), so a monthly day 31 can fall on a 30th.
 */
export async function registerScheduledExportJobs(ctx: AppContext) {
  ctx.jobs.define<{ scheduled_for?: string; schedule?: string }>({
    name: DISPATCH_JOB,
    options: { retryLimit: 5, retryDelay: 10, expireInSeconds: 30 * 60 },
    handler: async (data) => {
      const at = await dispatchInstant(ctx, data.schedule ?? DISPATCH_SCHEDULE, data.scheduled_for);
      const runs = await claimDueRuns(ctx, at);
      const queued = await deliverOpenRuns(ctx);
      if (runs > 0 || queued > 0) ctx.log.info({ at, runs, queued }, "scheduled exports");
    },
  });
  await ctx.jobs.ensureSchedule({ name: DISPATCH_SCHEDULE, cron: "* * * * *", job: DISPATCH_JOB });
}
