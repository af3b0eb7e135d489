import type { AppContext } from "../../platform/context.ts";
import { EXPORT_JOB, EXPORT_TIMEOUT_MS, writeExportFile } from "./service.ts";

/** The job that writes an export file; a crash or restart runs it again from the start (the file is rewritten). */
export function registerExportJobs(ctx: AppContext) {
  ctx.jobs.define<{ fileId: number }>({
    name: EXPORT_JOB,
    handler: async (data) => {
      await writeExportFile(ctx, data.fileId);
    },
    options: { retryLimit: 2, expireInSeconds: Math.ceil(EXPORT_TIMEOUT_MS / 1000) + 60 },
    concurrency: 2,
  });
}
