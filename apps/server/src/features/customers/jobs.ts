import type { AppContext } from "../../platform/context.ts";
import { processUpload, UPLOAD_JOB } from "./upload.ts";

/** The upload job: one per CSV file (a crash mid-file runs it again; the work is the same). */
export function registerCustomerJobs(ctx: AppContext) {
  ctx.jobs.define<{ uploadId: string }>({
    name: UPLOAD_JOB,
    options: { retryLimit: 3, expireInSeconds: 60 * 60 },
    handler: async (data) => {
      await processUpload(ctx, data.uploadId);
    },
  });
}
