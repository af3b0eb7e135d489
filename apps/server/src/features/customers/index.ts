import type { Feature } from "../../platform/feature.ts";
import { registerCustomerJobs } from "./jobs.ts";
import { customerHandlers } from "./routes.ts";

/** Customers (contacts), the do-not-contact list and uploads (recipient CSVs, images). */
export const customersFeature: Feature = {
  name: "customers",
  routes: customerHandlers,
  jobs: registerCustomerJobs,
};

export { normalizeEmail, normalizePhone } from "./normalize.ts";
export { UPLOAD_JOB, uploadedFilePath } from "./upload.ts";
