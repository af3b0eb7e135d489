import type { AppContext } from "../../platform/context.ts";
import { sendDigests, sendInstantAlerts, sendResponseFailedAlerts } from "./delivery.ts";

/** Enqueued by ingestion with the ids of reviews seen for the first time. */
export const ALERTS_INSTANT_JOB = "alerts.instant";
/** For the responses publish path: `{ responseId }` of a response that failed to publish. */
export const ALERTS_RESPONSE_FAILED_JOB = "alerts.response-failed";
export const ALERTS_DIGEST_JOB = "alerts.digest";

export async function registerAlertJobs(ctx: AppContext) {
  ctx.jobs.define<{ reviewIds: string[] }>({
    name: ALERTS_INSTANT_JOB,
    handler: async (data) => {
      await sendInstantAlerts(ctx, data.reviewIds);
    },
  });
  ctx.jobs.define<{ responseId: string }>({
    name: ALERTS_RESPONSE_FAILED_JOB,
    handler: async (data) => {
      await sendResponseFailedAlerts(ctx, data.responseId);
    },
  });
  ctx.jobs.define<{ period: "daily" | "weekly"; scheduled_for?: string }>({
    name: ALERTS_DIGEST_JOB,
    handler: async (data) => {
      const slot = data.scheduled_for ? new Date(data.scheduled_for) : new Date();
      const sent = await sendDigests(ctx, data.period, slot);
      ctx.log.info({ period: data.period, slot, sent }, "alert digests");
    },
  });
  // Digests go out at 13:00 UTC: daily, and on Mondays for the weekly ones.
  await ctx.jobs.ensureSchedule({
    name: "alerts.digest-daily",
    cron: "0 13 * * *",
    job: ALERTS_DIGEST_JOB,
    data: { period: "daily" },
  });
  await ctx.jobs.ensureSchedule({
    name: "alerts.digest-weekly",
    cron: "0 13 * * 1",
    job: ALERTS_DIGEST_JOB,
    data: { period: "weekly" },
  });
}
