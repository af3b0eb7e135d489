import type { AppContext } from "../../platform/context.ts";
import { LOCATION_IMPORT_JOB, processLocationImport } from "./import.ts";

/** The CSV import of locations, one job per file. */
export function registerLocationJobs(ctx: AppContext) {
  ctx.jobs.define<{ importId: string }>({
    name: LOCATION_IMPORT_JOB,
    options: { retryLimit: 2, expireInSeconds: 60 * 60 },
    handler: async (data) => {
      await processLocationImport(ctx.database.db, data.importId);
    },
  });
}
