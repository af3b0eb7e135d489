import type { AppContext } from "../../platform/context.ts";
import { CAMPAIGN_START_JOB, SEND_JOB, SEND_RETRY_LIMIT, sendRequest, startCampaign } from "./service.ts";

/**
 * `requests.campaign.start` `{ campaignId }` (enqueued by the campaigns feature in the transaction that moves a
 * campaign to scheduled or sending): creates the requests and their send jobs. `requests.send` `{ requestId }`:
 * sends one request; a temporary failure is retried with backoff (30 s, doubling), at most SEND_RETRY_LIMIT times,
 * then the request is failed (provider_error). A worker that dies mid-send is noticed by its heartbeat.
 */
export function registerRequestSendingJobs(ctx: AppContext) {
  ctx.jobs.define<{ campaignId: string }>({
    name: CAMPAIGN_START_JOB,
    options: { retryLimit: 10, retryDelay: 5, retryBackoff: true, heartbeatSeconds: 30 },
    handler: (data) => startCampaign(ctx, data.campaignId),
  });
  ctx.jobs.define<{ requestId: string }>({
    name: SEND_JOB,
    options: { retryLimit: SEND_RETRY_LIMIT, retryDelay: 30, retryBackoff: true, heartbeatSeconds: 30 },
    // pg-boss polls once a second per worker: 10 workers keep up with the e-mail throttle (600 a minute).
    concurrency: 10,
    handler: async (data, meta) => ({
      outcome: await sendRequest(ctx, data.requestId, { retryCount: meta.retryCount }),
    }),
  });
}
