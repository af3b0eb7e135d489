import type { Feature } from "../../platform/feature.ts";
import { registerIngestionJobs } from "./jobs.ts";
import { ingestionHandlers } from "./routes.ts";

/** Reviews coming in: file and JSON imports, and syncs of locations' listings (on demand and every four hours). */
export const ingestionFeature: Feature = {
  name: "ingestion",
  routes: ingestionHandlers,
  jobs: registerIngestionJobs,
};

/** The text analysis of a review (sentiment, categories, mentions), for reviews made elsewhere (the demo). */
export { analyzeReview } from "./upsert.ts";
