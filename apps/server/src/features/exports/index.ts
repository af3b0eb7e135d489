import type { Feature } from "../../platform/feature.ts";
import { registerExportJobs } from "./jobs.ts";
import { exportHandlers } from "./routes.ts";

/** Export files (asynchronous, polled, signed download links) and the direct CSV downloads (streamed). */
export const exportsFeature: Feature = {
  name: "exports",
  routes: exportHandlers,
  jobs: registerExportJobs,
};

/** For scheduled exports: write an export file now; answers its id, path, row count and absolute signed link. */
export { generateExport } from "./service.ts";
